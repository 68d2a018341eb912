SECRET_KEY = '@@gen@@'
API_TOKEN = "@@gen@@"
DB_PASSWORD = os.environ["DB_PASSWORD"]
api_key = get_api_key()
AUTH_TOKEN = "test-token-value"
