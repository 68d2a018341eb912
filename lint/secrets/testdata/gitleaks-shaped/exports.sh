#!/bin/sh
export GH_TOKEN=@@gho@@
export AWS_SECRET_ACCESS_KEY="@@awssecret@@"
curl -H "Authorization: Bearer @@gen@@" https://api.internal7.io/v1/jobs
curl -H "Authorization: Basic @@basic@@" https://api.internal7.io/v1/jobs
curl -u deploy:@@pw@@ https://artifacts.internal7.io/upload
git clone https://x-access-token:@@ghs@@@github.com/org7/app.git
curl -H "Authorization: Bearer $GH_TOKEN" https://api.github.com/user
export GH_TOKEN="$(gh auth token)"
git clone https://oauth2:TOKEN@gitlab.com/org7/app.git
