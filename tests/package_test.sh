#!/bin/sh
# package_test.sh BUILD_DIR: the Debian package as a user gets it. Builds it with CPack, unpacks
# it into a temporary root, and there plays a GTP session with /usr/games/sente and a Gomocup
# session with /usr/games/pbrain-sente, reads the manual page, and checks the documentation and
# the declared library dependencies.
set -eu
build=$1
for tool in cpack dpkg-deb man; do
    command -v "$tool" >/dev/null || { echo "package test: $tool is missing"; exit 77; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "package test: $*" >&2; exit 1; }

(cd "$build" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) ||
    { cat "$work/cpack.log"; fail "cpack failed"; }
deb=$(ls "$work"/out/sente_*.deb) || fail "no package written"
dpkg-deb -x "$deb" "$work/root"
games="$work/root/usr/games"

dpkg-deb -f "$deb" Depends | grep -q libfmt || fail "Depends lacks libfmt: $(dpkg-deb -f "$deb" Depends)"
dpkg-deb -f "$deb" Section | grep -qx games || fail "section is not games"

# After d3 white's legal answers are c3, e3 and c5 (level 1 picks among near-equal moves).
reply=$(printf 'name\nplay black d3\ngenmove white\nquit\n' | "$games/sente" --quiet --level 1 gtp | tr '\n' ' ')
echo "$reply" | grep -Eqx '= sente +=  += (C3|E3|C5) += *' || fail "GTP session: $reply"

reply=$(printf 'START 15\r\nBEGIN\r\nEND\r\n' | "$games/pbrain-sente" --quiet --level 1 | tr -d '\r' | tr '\n' ' ')
[ "$reply" = "OK 7,7 " ] || fail "Gomocup session: $reply"

# The package's binary is portable (SENTE_CPU, CMakeLists.txt): as a CPU without AVX or BMI2
# sees it (QEMU's Nehalem), it runs its x86-64 build, counts perft right and plays both protocols.
if grep -q 'SENTE_CPU:STRING=portable' "$build/CMakeCache.txt" && command -v qemu-x86_64 >/dev/null; then
    old_cpu() { qemu-x86_64 -cpu Nehalem "$@"; }
    old_cpu "$games/sente" --version | grep -q "running its x86-64 code" ||
        fail "as a Nehalem: $(old_cpu "$games/sente" --version)"
    old_cpu "$games/sente" perft 9 | grep -Eq '^ *9 +3005288 ' || fail "as a Nehalem: perft 9"
    reply=$(printf 'play black d3\ngenmove white\nquit\n' | old_cpu "$games/sente" --quiet --level 1 gtp | tr '\n' ' ')
    echo "$reply" | grep -Eqx '= += (C3|E3|C5) += *' || fail "as a Nehalem, GTP session: $reply"
    reply=$(printf 'START 15\r\nBEGIN\r\nEND\r\n' | old_cpu "$games/pbrain-sente" --quiet --level 1 | tr -d '\r' | tr '\n' ' ')
    [ "$reply" = "OK 7,7 " ] || fail "as a Nehalem, Gomocup session: $reply"
fi

manual="$work/root/usr/share/man/man6/sente.6.gz"
[ -f "$manual" ] || fail "no manual page"
MANWIDTH=80 man -l "$manual" 2>/dev/null | grep -q -- "--movetime" || fail "the manual lacks the options"

for page in README.md protocol/GTP.md protocol/GOMOCUP.md protocol/NBOARD.md docs/usage.md; do
    [ -f "$work/root/usr/share/doc/sente/$page" ] || fail "no /usr/share/doc/sente/$page"
done
echo "package test: $(basename "$deb") installs and runs"
