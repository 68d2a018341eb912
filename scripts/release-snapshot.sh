#!/usr/bin/env bash
# Build a snapshot release of HEAD twice, in two fresh clones, and prove it:
#   - goreleaser check accepts .goreleaser.yaml;
#   - every archive, SBOM and checksums.txt comes out byte-identical from both
#     clones (different paths, different file times: the build depends on the
#     commit alone);
#   - the linux/amd64 binary prints the snapshot version in `squadci version`.
# The first clone's dist/ is left at ./dist (or $1) for the install tests
# (SQUADCI_RELEASE_DIST). Needs git, Go and the module proxy; takes a few
# minutes cold, seconds with a warm build cache.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-$PWD/dist}
goreleaser=(go run github.com/goreleaser/goreleaser/v2@v2.17.0)

"${goreleaser[@]}" check

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
  echo "release-snapshot: the working tree has uncommitted changes; the snapshot builds HEAD ($(git rev-parse --short HEAD)) without them" >&2
fi
for n in 1 2; do
  # A clone has an origin remote, which GoReleaser's git step reads; its
  # files get new modification times, which the archives must not record.
  git clone -q --no-local "$PWD" "$work/clone$n"
  (cd "$work/clone$n" && "${goreleaser[@]}" release --snapshot --clean >"$work/goreleaser$n.log" 2>&1) || {
    echo "release-snapshot: goreleaser release --snapshot failed in clone $n:" >&2
    tail -n 40 "$work/goreleaser$n.log" >&2
    exit 1
  }
done

dist1=$work/clone1/dist dist2=$work/clone2/dist
if ! cmp -s "$dist1/checksums.txt" "$dist2/checksums.txt"; then
  echo "release-snapshot: two builds of $(git rev-parse --short HEAD) differ:" >&2
  diff "$dist1/checksums.txt" "$dist2/checksums.txt" >&2 || true
  exit 1
fi
version=$(sed -n 's/.*"version":"\([^"]*\)".*/\1/p' "$dist1/metadata.json")
for os in linux darwin windows; do
  for arch in amd64 arm64; do
    ext=tar.gz
    [ "$os" = windows ] && ext=zip
    archive="squadci_${version}_${os}_${arch}.${ext}"
    grep -q "  $archive\$" "$dist1/checksums.txt" || { echo "release-snapshot: checksums.txt has no $archive" >&2; exit 1; }
    [ -f "$dist1/$archive.sbom.json" ] || { echo "release-snapshot: no SBOM for $archive" >&2; exit 1; }
  done
done
linux_sum=$(grep "  squadci_${version}_linux_amd64.tar.gz\$" "$dist1/checksums.txt" | cut -d' ' -f1)
echo "release-snapshot: two clones built identical archives (linux/amd64 sha256 $linux_sum)"

unpacked=$work/unpacked
mkdir "$unpacked"
tar -xzf "$dist1/squadci_${version}_linux_amd64.tar.gz" -C "$unpacked"
first=$("$unpacked/squadci" version | head -n 1)
if [ "$first" != "squadci $version" ]; then
  echo "release-snapshot: the linux/amd64 binary says '$first', want 'squadci $version'" >&2
  exit 1
fi
echo "release-snapshot: $first"

rm -rf "$out"
mv "$dist1" "$out"
echo "release-snapshot: dist in $out"
