module github.com/squadci/squadci

go 1.26

require (
	github.com/bmatcuk/doublestar/v4 v4.10.4
	github.com/google/go-github/v62 v62.0.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/sethvargo/go-githubactions v1.4.0
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/google/go-querystring v1.1.0 // indirect
	golang.org/x/text v0.14.0 // indirect
)
