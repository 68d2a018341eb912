String accessToken = "@@gen@@";
System.setProperty("SERVICE_TOKEN", "@@gen@@");
private static final String SECRET = "@@gen@@";
String accessToken = System.getenv("ACCESS_TOKEN");
