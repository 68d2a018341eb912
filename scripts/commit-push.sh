#!/usr/bin/env bash
# commit-push.sh MESSAGE [ATTEMPTS]
#
# The reusable workflow's one commit per run (scale.md, invariant 4): stage
# what `squadci connector paths` lists, commit once, push. A rejected push
# (another commit landed meanwhile) fetches, rebases and retries, at most
# ATTEMPTS pushes (default 5). Every file a run writes is per task, so the
# rebase is conflict-free; when it is not, the script aborts it and fails
# loudly instead of pushing a mix.
set -euo pipefail

msg=${1:?usage: commit-push.sh MESSAGE [ATTEMPTS]}
attempts=${2:-5}
squadci=${SQUADCI:-squadci}
bot=(-c user.name="github-actions[bot]" -c user.email="41898282+github-actions[bot]@users.noreply.github.com")

"$squadci" connector paths -z | xargs -0 -r git --literal-pathspecs add --all --
git reset -q -- ':(glob)**/.squad-connector/*.lock'
if git diff --cached --quiet; then
  echo "nothing to commit"
  exit 0
fi
git "${bot[@]}" commit -q -m "$msg"
branch=$(git symbolic-ref --short HEAD)

for ((i = 1; i <= attempts; i++)); do
  if git push origin "HEAD:refs/heads/$branch"; then
    exit 0
  fi
  if ((i == attempts)); then
    break
  fi
  echo "push $i of $attempts rejected: rebasing onto origin/$branch"
  git fetch -q origin "$branch"
  if ! git "${bot[@]}" rebase -q "origin/$branch"; then
    git rebase --abort || true
    echo "::error::rebasing the run's commit onto origin/$branch conflicts (a file the run wrote changed upstream); nothing was pushed"
    exit 1
  fi
done
echo "::error::the push to $branch was rejected $attempts times; nothing was pushed"
exit 1
