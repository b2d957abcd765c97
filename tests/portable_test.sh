#!/bin/sh
# portable_test.sh SENTE: the two builds in a portable binary (src/main.cpp) play the same game.
# --version names the code that runs; SENTE_CPU chooses it, and a name it does not know is an
# error that prints nothing on stdout; the bench's node signatures of every game and perft's
# counts are the same on both (a search that differs anywhere changes its signature).
set -eu
sente=$1
fail() { echo "portable test: $*" >&2; exit 1; }

version=$(SENTE_CPU=x86-64 "$sente" --version)
[ "$version" = "sente $("$sente" --version | cut -d' ' -f2) (portable build, running its x86-64 code)" ] ||
    fail "SENTE_CPU=x86-64: $version"
if grep -qw avx2 /proc/cpuinfo && grep -qw bmi2 /proc/cpuinfo && grep -qw fma /proc/cpuinfo; then
    "$sente" --version | grep -q "running its x86-64-v3 code" || fail "--version: $("$sente" --version)"
fi

status=0
out=$(SENTE_CPU=pentium "$sente" --version 2>/dev/null) || status=$?
[ "$status" -eq 2 ] && [ -z "$out" ] || fail "SENTE_CPU=pentium: status $status, stdout '$out'"
SENTE_CPU=pentium "$sente" --version 2>&1 | grep -q "SENTE_CPU=pentium: not x86-64-v3 or x86-64" ||
    fail "SENTE_CPU=pentium: no clear error"

for game in othello soldiers gomoku renju caro; do
    best=$("$sente" bench --game "$game" --depth 9 | tail -n 1)
    any=$(SENTE_CPU=x86-64 "$sente" bench --game "$game" --depth 9 | tail -n 1)
    [ "$best" = "$any" ] || fail "bench --game $game: '$best' but '$any' on x86-64"
done
best=$("$sente" perft 9 | awk '{print $1, $2}')
any=$(SENTE_CPU=x86-64 "$sente" perft 9 | awk '{print $1, $2}')
[ "$best" = "$any" ] || fail "perft 9: the counts differ on x86-64"
echo "$best" | grep -qx "9 3005288" || fail "perft 9: not 3005288 at depth 9"
echo "portable test: both builds give the same signatures and counts"
