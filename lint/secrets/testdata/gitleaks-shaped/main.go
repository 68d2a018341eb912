package main

var apiToken string = "@@gen@@"

func setup() {
	clientSecret := "@@gen@@"
	rawKey := `@@gen@@`
	authToken := os.Getenv("AUTH_TOKEN")
	secretKey := loadKey(cfg.Path)
	_, _, _, _ = clientSecret, rawKey, authToken, secretKey
}
