package connector

// The four task statuses (spec §5). Producers write only completed and
// failed; the shim derives awaiting and unreachable.
const (
	StatusAwaiting    = "awaiting"
	StatusCompleted   = "completed"
	StatusFailed      = "failed"
	StatusUnreachable = "unreachable"
)

// isTerminal reports a status after which nothing changes.
func isTerminal(status string) bool {
	return status == StatusCompleted || status == StatusFailed || status == StatusUnreachable
}
