const apiKey = "@@gen@@";
let authToken = '@@gen@@';
const config = { clientSecret: "@@gen@@", region: "eu-west-1" };
headers.set("Authorization", "Bearer @@gen@@");
const token = process.env.API_TOKEN;
const key = `${prefix}-${id}`;
const API_KEY = "sk_live_abc123xyz789";
