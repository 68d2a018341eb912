package connector

// An adapter runs in a process group of its own (Setpgid; its group id is
// its pid), so that everything it starts can be found and stopped together:
// the poll kills the whole group when the run times out, when the poll is
// cancelled, and right after the adapter exits (a daemon it left behind
// would otherwise keep writing, or hold its output open). The group id is
// recorded in the task's claim; a later poll on the same host retries the
// run only once that group has no member left (killGroup, groupAlive in
// procgroup_*.go). A process that leaves the group on purpose (setsid) is
// out of reach, as it is of any supervisor short of a cgroup.
