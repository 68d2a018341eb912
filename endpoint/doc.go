// Package endpoint renders the external endpoint builder's files: starter
// charters for an agent or an orchestrator and its bounded workers, skill
// stubs, and the endpoint and adaptation runbooks (spec connector.md §9,
// the seed's "Squad External Agent Builder"). Every file is consumer-owned
// text that lints clean; nothing here runs an endpoint, asks for a
// credential or registers anything in squad state.
package endpoint
