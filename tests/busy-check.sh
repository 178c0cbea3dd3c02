#!/usr/bin/env bash
# The busy-machine check (tests/README.md): `make test` on fresh clones of this
# branch, one after another, while two busy loops keep two cores busy.
#
#   bash tests/busy-check.sh [RUNS]      # RUNS defaults to 3
#
# Each clone and its log go to /tmp/referee-busy-*; the busy loops are stopped at
# the end, however the runs went. Exits 1 if any run failed.
set -uo pipefail

runs="${1:-3}"
repo="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgresql+psycopg://postgres@127.0.0.1:5432/test}"

busy=()
for _ in 1 2; do
	python3 -c 'while True: pass' &
	busy+=("$!")
done
trap 'kill "${busy[@]}" 2>/dev/null' EXIT
echo "busy loops: ${busy[*]}; branch $(git -C "$repo" rev-parse --abbrev-ref HEAD) at $(git -C "$repo" rev-parse --short HEAD)"

failed=0
for n in $(seq 1 "$runs"); do
	clone="$(mktemp -d /tmp/referee-busy-XXXXXX)"
	git clone -q "$repo" "$clone"
	began=$(date +%s)
	if (cd "$clone" && make test) >"$clone.log" 2>&1; then result=passed; else result=FAILED; failed=1; fi
	echo "run $n: $result in $(($(date +%s) - began)) s; $(grep -E '^[0-9]+ (passed|failed)|(passed|failed).* in ' "$clone.log" | tail -1) ($clone.log)"
done
exit "$failed"
