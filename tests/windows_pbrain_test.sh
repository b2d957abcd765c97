#!/bin/sh
# pbrain-sente.exe speaks the Gomocup protocol by its name alone, as Gomocup managers start it:
# START answers OK, BEGIN a move "x,y", and nothing else is printed.
# usage: windows_pbrain_test.sh WINE PBRAIN_EXE
set -eu
output=$(printf 'START 15\nBEGIN\nEND\n' | "$1" "$2" --quiet | tr -d '\r')
expected_ok=$(printf '%s\n' "$output" | sed -n 1p)
move=$(printf '%s\n' "$output" | sed -n 2p)
lines=$(printf '%s\n' "$output" | wc -l)
if [ "$expected_ok" = OK ] && printf '%s' "$move" | grep -Eqx '[0-9]+,[0-9]+' && [ "$lines" -eq 2 ]; then
    echo "pbrain-sente.exe: OK, then $move"
else
    echo "pbrain-sente.exe answered:"; printf '%s\n' "$output"; exit 1
fi
