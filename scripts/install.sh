#!/usr/bin/env bash
# install.sh [--action] REF DIR
#
# Installs a squadci release into DIR. REF is a release tag (v1.2.3, or a
# pre-release v1.2.3-rc.1), the same version without its v (1.2.3), or
# "latest": the newest release, found by following the releases page's
# latest redirect (no API token needed).
#
# It downloads that release's archive for this machine
# (squadci_X.Y.Z_<os>_<arch>.tar.gz, .zip on Windows) and its
# checksums.txt, checks the archive's SHA-256 against it, runs the binary
# once (squadci version) and moves it to DIR/squadci (DIR/squadci.exe on
# Windows). Stdout is then exactly one line, "installed DIR/squadci"; every
# other word goes to stderr. Any other REF (a branch, a commit), or a
# machine the release publishes no binary for, exits 2 and says how to
# build squadci from source instead.
#
# --action is the GitHub Action's protocol (action.yml): REF is the
# action's ref (github.action_ref), and a ref that is not a release tag (a
# branch, a commit SHA, none for a local `uses: ./`), or a runner the
# release publishes no binary for, prints "build" on stdout and exits 0:
# the caller builds squadci from the action's own source, which is the
# code the release was built from, never a binary it cannot verify.
#
# A release whose download or check fails exits 1 with a message that
# says what failed, and leaves nothing at DIR/squadci: the archive is
# downloaded, verified and unpacked in a temporary directory and the binary
# renamed into place only once it has run. checksums.txt is read the way
# `sha256sum -c` reads it; the archive's squadci must be a regular file
# (a symlink, directory or other special member is refused: its target is
# not what the checksum covered).
#
# Environment: SQUADCI_DOWNLOAD_BASE (default
# ${GITHUB_SERVER_URL:-https://github.com}/${SQUADCI_REPOSITORY:-squadci/squadci}/releases/download;
# "latest" is resolved at its sibling .../releases/latest),
# RUNNER_OS and RUNNER_ARCH (else uname), RUNNER_TEMP or TMPDIR.
#
# Portable to bash 3.2 (macOS) and Git Bash: no mapfile, no ${var,,}, no
# arrays under set -u.
set -euo pipefail

say() { printf 'squadci: %s\n' "$*" >&2; }
die() {
  say "$*"
  exit 1
}
# refuse is die for a REF or a machine this script cannot install for: a
# usage problem (exit 2), not a failed download.
refuse() {
  say "$*"
  exit 2
}
source_hint="build it from source instead: go install github.com/squadci/squadci/cmd/squadci@<ref> (Go 1.26 or later)"

# release_tag_re: semver 2.0 with a v, an optional pre-release part, no
# build metadata (GoReleaser names archives after the version without it).
num='(0|[1-9][0-9]*)'
ident='[0-9A-Za-z-]+'
release_tag_re="^v${num}\\.${num}\\.${num}(-${ident}(\\.${ident})*)?\$"
# bsd_sum_re: a checksum line in the BSD tag form, SHA256 (NAME) = DIGEST.
bsd_sum_re='^SHA256 \((.*)\) = ([^[:space:]]*)$'

# goos and goarch map a runner's RUNNER_OS / RUNNER_ARCH (or uname -s /
# uname -m) to the release's names; "" for a platform it does not cover.
goos() {
  case $1 in
    Linux) echo linux ;;
    macOS | Darwin) echo darwin ;;
    Windows | MINGW* | MSYS* | CYGWIN*) echo windows ;;
    *) echo "" ;;
  esac
}

goarch() {
  case $1 in
    X64 | x86_64 | amd64) echo amd64 ;;
    ARM64 | aarch64 | arm64) echo arm64 ;;
    *) echo "" ;;
  esac
}

# sha256 prints the lowercase hex SHA-256 of a file, with whichever tool the
# runner has. Read from stdin: sha256sum escapes unusual file names.
sha256() {
  local out
  if command -v sha256sum >/dev/null 2>&1; then
    out=$(sha256sum <"$1") || die "sha256sum could not read $(basename "$1")"
    out=${out%% *}
  elif command -v shasum >/dev/null 2>&1; then
    out=$(shasum -a 256 <"$1") || die "shasum could not read $(basename "$1")"
    out=${out%% *}
  elif command -v openssl >/dev/null 2>&1; then
    # "(stdin)= hex" or "SHA2-256(stdin)= hex"
    out=$(openssl dgst -sha256 <"$1") || die "openssl could not read $(basename "$1")"
    out=${out##* }
  else
    die "cannot verify $(basename "$1"): no sha256sum, shasum or openssl on PATH"
  fi
  printf '%s\n' "$out" | tr 'A-F' 'a-f'
}

# fetch URL FILE WHAT: download URL to FILE, or exit with a message naming
# WHAT failed: the HTTP status for an HTTP error, a cut-short transfer,
# or curl's own words.
fetch() {
  local url=$1 out=$2 what=$3 status rc=0
  say "downloading $url"
  status=$(curl --silent --show-error --location --fail --retry 3 \
    --connect-timeout 30 --speed-limit 1 --speed-time 60 \
    --proto '=http,https' --proto-redir "$proto_redir" \
    --output "$out" --write-out '%{http_code}' "$url" 2>"$tmp/curl.err") || rc=$?
  case $rc in
    0) return 0 ;;
    22)
      if [[ "$status" == 404 && "$what" == archive ]]; then
        die "no release archive $archive for $ref: HTTP 404 from $url (is $ref a squadci release that publishes $os/$arch? A mirror of the releases goes in SQUADCI_DOWNLOAD_BASE)"
      elif [[ "$status" == 404 ]]; then
        die "no $what for $ref: HTTP 404 from $url; without it $archive cannot be verified, so nothing was installed"
      fi
      die "downloading the $what for $ref failed: HTTP $status from $url"
      ;;
    18) die "the download of $(basename "$out") was cut short: $url sent fewer bytes than it announced ($(cat "$tmp/curl.err")); nothing was installed, rerun the job" ;;
    *) die "downloading the $what for $ref from $url failed: curl exit $rc: $(cat "$tmp/curl.err")" ;;
  esac
}

# latest_tag prints the tag of the newest release: the releases page's
# .../releases/latest redirects to .../releases/tag/<tag>, which needs no
# API token. It exits with a message when there is none to follow.
latest_tag() {
  local url="${base%/download}/latest" location rc=0 tag
  say "finding the latest release at $url"
  location=$(curl --silent --show-error --head --max-redirs 0 --retry 3 --connect-timeout 30 \
    --proto '=http,https' --output /dev/null --write-out '%{redirect_url}' "$url" 2>&1) || rc=$?
  if [[ $rc -ne 0 ]]; then
    die "cannot find the latest release: $url failed: curl exit $rc: $location; give a release tag instead (v1.2.3)"
  fi
  tag=${location%/}
  tag=${tag##*/releases/tag/}
  if [[ -z "$location" || "$tag" == "$location" || ! "$tag" =~ $release_tag_re ]]; then
    die "cannot find the latest release: $url redirects to '${location:-nowhere}', not to a release tag; give a release tag instead (v1.2.3)"
  fi
  say "the latest release is $tag"
  printf '%s\n' "$tag"
}

# parse_sum_line LINE sets line_sum and line_name the way `sha256sum -c`
# reads a line, or returns 1 for a line it would call improperly
# formatted: leading blanks are skipped; a leading '\' marks an escaped
# name; "SHA256 (NAME) = DIGEST" is the BSD tag form; otherwise the digest
# runs to the first blank (space or tab), and the name is the rest of the
# line after that blank and one more ' ' or '*' (text or binary mode), so
# "<sum>  <archive> x" names the file "<archive> x" and "<sum><tab><archive>"
# names <archive>. A trailing CR (a mirror's CRLF) is dropped.
parse_sum_line() {
  local s=$1 escaped="" c out="" i bs="\\"
  s=${s%$'\r'}
  s=${s#"${s%%[! $'\t']*}"}
  if [[ "$s" == "$bs"* ]]; then
    escaped=1
    s=${s#?}
  fi
  if [[ "$s" =~ $bsd_sum_re ]]; then
    line_name=${BASH_REMATCH[1]}
    line_sum=${BASH_REMATCH[2]}
  else
    line_sum=${s%%[ $'\t']*}
    if [[ -z "$line_sum" || "$line_sum" == "$s" ]]; then return 1; fi
    s=${s#"$line_sum"}
    s=${s#?}
    if [[ ${#s} -gt 1 && ("$s" == ' '* || "$s" == '*'*) ]]; then s=${s#?}; fi
    line_name=$s
  fi
  if [[ -z "$line_name" ]]; then return 1; fi
  if [[ -n "$escaped" ]]; then
    # \\ is a backslash and \n a newline; any other escape is malformed.
    i=0
    while [[ $i -lt ${#line_name} ]]; do
      c=${line_name:i:1}
      if [[ "$c" == "$bs" ]]; then
        i=$((i + 1))
        case ${line_name:i:1} in
          "$bs") c=$bs ;;
          n) c=$'\n' ;;
          *) return 1 ;;
        esac
      fi
      out=$out$c
      i=$((i + 1))
    done
    line_name=$out
  fi
  return 0
}

# expected_sum prints the digest checksums.txt gives the archive, or exits
# with a "wrong checksum line" message: no line for the archive, two, or a
# line for it whose digest is not 64 hex digits.
expected_sum() {
  local file=$1 line n=0 found="" names="" bad=""
  while IFS= read -r line || [[ -n "$line" ]]; do
    n=$((n + 1))
    if [[ -z "${line//[ $'\t'$'\r']/}" ]]; then continue; fi
    if ! parse_sum_line "$line"; then
      bad="$bad${bad:+, }$n"
      continue
    fi
    if [[ "$line_name" != "$archive" ]]; then
      names="$names${names:+, }\"$line_name\""
      continue
    fi
    if [[ -n "$found" ]]; then
      die "wrong checksum line: checksums.txt ($sums_url) names $archive twice (line $n again)"
    fi
    if [[ ! "$line_sum" =~ ^[0-9a-fA-F]{64}$ ]]; then
      die "wrong checksum line: checksums.txt ($sums_url) line $n for $archive has digest \"$line_sum\", not 64 hexadecimal digits"
    fi
    found=$line_sum
  done <"$file"
  if [[ -z "$found" ]]; then
    local also=""
    if [[ -n "$bad" ]]; then also="; not checksum lines: line $bad"; fi
    die "wrong checksum line: checksums.txt ($sums_url) has no line for $archive (it lists: ${names:-nothing}$also)"
  fi
  printf '%s\n' "$found" | tr 'A-F' 'a-f'
}

# member_kind names what an unpacked entry is when it is not a regular
# file: a link is never followed, so its target was not what the checksum
# covered.
member_kind() {
  local p=$1
  if [[ -L "$p" ]]; then
    printf 'a symlink to %s' "$(readlink "$p" 2>/dev/null || echo '?')"
  elif [[ -d "$p" ]]; then
    echo "a directory"
  elif [[ -p "$p" ]]; then
    echo "a FIFO"
  elif [[ -b "$p" || -c "$p" ]]; then
    echo "a device"
  elif [[ -S "$p" ]]; then
    echo "a socket"
  else
    echo "not a regular file"
  fi
}

# unpack extracts the verified archive into a directory.
unpack() {
  local file=$1 into=$2
  mkdir -p "$into"
  case $file in
    *.zip)
      if command -v unzip >/dev/null 2>&1; then
        unzip -q -o "$file" -d "$into" >&2 || die "unpacking $archive with unzip failed"
      else
        tar -xf "$file" -C "$into" >&2 || die "unpacking $archive with tar failed (no unzip on PATH)"
      fi
      ;;
    *) tar -xzf "$file" -C "$into" >&2 || die "unpacking $archive with tar failed" ;;
  esac
}

# try_binary runs the binary once; its version line goes to stderr.
try_binary() {
  local bin=$1 out rc=0 first
  out=$("$bin" version 2>&1) || rc=$?
  first=${out%%$'\n'*}
  if [[ $rc -ne 0 ]]; then
    die "the $exe in $archive does not run: '$exe version' exited $rc: $first"
  fi
  if [[ "$first" != "squadci "* ]]; then
    die "the $exe in $archive is not squadci: '$exe version' printed \"$first\", not \"squadci <version>\""
  fi
  printf '%s\n' "$first" >&2
}

cleanup() {
  if [[ -n "${tmp:-}" ]]; then rm -rf "$tmp"; fi
  if [[ -n "${stage:-}" ]]; then rm -rf "$stage"; fi
}

main() {
  action=""
  if [[ "${1:-}" == --action ]]; then
    action=1
    shift
  fi
  if [[ $# -ne 2 || -z "$2" ]]; then
    refuse "usage: install.sh [--action] REF DIR (REF: a release tag such as v1.2.3, or latest)"
  fi
  ref=$1
  dir=$2
  while [[ "$dir" == */ && "$dir" != / ]]; do dir=${dir%/}; done
  base=${SQUADCI_DOWNLOAD_BASE:-${GITHUB_SERVER_URL:-https://github.com}/${SQUADCI_REPOSITORY:-squadci/squadci}/releases/download}
  base=${base%/}
  # Over https, a redirect may not drop to http.
  proto_redir='=http,https'
  if [[ "$base" == https://* ]]; then proto_redir='=https'; fi

  if [[ -z "$action" && "$ref" =~ ^${num}\.${num}\.${num} ]]; then
    ref="v$ref"
  fi
  if [[ -z "$action" && "$ref" == latest ]]; then
    command -v curl >/dev/null 2>&1 || die "cannot find the latest release: no curl on PATH"
    ref=$(latest_tag)
  fi
  if [[ ! "$ref" =~ $release_tag_re ]]; then
    if [[ -n "$action" ]]; then
      say "ref '$ref' is not a release tag (vX.Y.Z or vX.Y.Z-prerelease)"
      echo build
      return 0
    fi
    refuse "'$ref' is not a release: install.sh installs a release tag (v1.2.3, 1.2.3) or latest; to run a branch or a commit, $source_hint"
  fi
  runner_os=${RUNNER_OS:-$(uname -s)}
  runner_arch=${RUNNER_ARCH:-$(uname -m)}
  os=$(goos "$runner_os")
  arch=$(goarch "$runner_arch")
  if [[ -z "$os" || -z "$arch" ]]; then
    # Building from the action's source at this tag runs the released
    # code; there is no binary to verify for this platform.
    if [[ -n "$action" ]]; then
      say "release $ref publishes no binary for $runner_os/$runner_arch (it covers linux, darwin and windows on amd64 and arm64)"
      echo build
      return 0
    fi
    refuse "release $ref publishes no binary for $runner_os/$runner_arch (it covers linux, darwin and windows on amd64 and arm64); ${source_hint/<ref>/$ref}"
  fi
  command -v curl >/dev/null 2>&1 || die "cannot download $ref: no curl on PATH"

  version=${ref#v}
  ext=tar.gz
  exe=squadci
  if [[ "$os" == windows ]]; then
    ext=zip
    exe=squadci.exe
  fi
  archive="squadci_${version}_${os}_${arch}.${ext}"
  archive_url="$base/$ref/$archive"
  sums_url="$base/$ref/checksums.txt"

  trap cleanup EXIT
  trap 'exit 130' INT TERM HUP
  tmp=$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/squadci-install.XXXXXX")
  fetch "$archive_url" "$tmp/$archive" archive
  fetch "$sums_url" "$tmp/checksums.txt" checksums.txt

  want=$(expected_sum "$tmp/checksums.txt")
  got=$(sha256 "$tmp/$archive")
  if [[ ! "$got" =~ ^[0-9a-f]{64}$ ]]; then
    die "could not compute the SHA-256 of $archive (got \"$got\")"
  fi
  if [[ "$got" != "$want" ]]; then
    die "checksum mismatch for $archive: checksums.txt says sha256 $want, the download has $got; the archive was altered or damaged, so nothing was installed"
  fi
  say "verified $archive: sha256 $got"

  unpack "$tmp/$archive" "$tmp/x"
  if [[ -L "$tmp/x/$exe" || (-e "$tmp/x/$exe" && ! -f "$tmp/x/$exe") ]]; then
    die "the $exe in $archive is $(member_kind "$tmp/x/$exe"), not a regular file; only a file the checksum covered is installed, so nothing was installed"
  fi
  if [[ ! -f "$tmp/x/$exe" ]]; then
    die "$archive holds no $exe at its root (it holds: $(find "$tmp/x" -mindepth 1 -maxdepth 1 -exec basename {} \; | sort | paste -s -d ' ' -))"
  fi

  # Staged beside its final name, so the last step is a rename within one
  # file system: DIR/squadci appears whole or not at all.
  mkdir -p "$dir"
  stage=$(mktemp -d "$dir/.squadci-install.XXXXXX")
  cp "$tmp/x/$exe" "$stage/$exe"
  chmod 755 "$stage/$exe"
  try_binary "$stage/$exe"
  mv -f "$stage/$exe" "$dir/$exe"
  echo "installed $dir/$exe"
}

main "$@"
