string apiToken = "@@gen@@";
var connection = "Server=tcp:crm7.database.windows.net;Database=crm;User ID=crm;Password=@@pw@@;";
System.Environment.SetEnvironmentVariable("API_TOKEN", "@@gen@@");
string apiToken = Configuration["ApiToken"];
