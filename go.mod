module github.com/squadci/squadci

go 1.26

require (
	github.com/bmatcuk/doublestar/v4 v4.10.4 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	github.com/sethvargo/go-githubactions v1.4.0
	golang.org/x/text v0.14.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)
