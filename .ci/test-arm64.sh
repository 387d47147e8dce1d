#!/usr/bin/env bash
# The arm64 build (a Raspberry Pi's) cross-built here and run under qemu-user emulation
# (`make test-arm64`, after `.ci/install-deps.sh test-arm64`):
#   1. the library's unit tests, built for aarch64, run by qemu-aarch64 as cargo's runner;
#   2. `talkclock simulate` on every golden scenario (tests/scenarios/): the arm64 transcript
#      byte for byte the committed golden one, the journal it writes byte for byte this
#      machine's (amd64), and each binary's `replay` and `moves` of the other's journal the same;
#   3. `talkclock check` on every shipped configuration (config/, config/hall/): accepted, and
#      the same words as the amd64 binary;
#   4. a short daemon game: keys on its standard input, a SIGKILL, a restart that restores the
#      game from the journal, a clean SIGTERM, and the journal's replay the same on both.
# Correctness only: what depends on the machine (real-time priority, timing, audio, input
# devices) is not asserted here, and emulation proves nothing about a real board's timing.
set -euo pipefail
cd "$(dirname "$0")/.."

triple=aarch64-unknown-linux-gnu
jobs=${CARGO_BUILD_JOBS:-2}
target_dir=${CARGO_TARGET_DIR:-target}
# Cross-building, as packaging/deb/build.sh does: the arm64 linker, pkg-config pointed at the
# multiarch :arm64 libraries for the target only.
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export PKG_CONFIG_ALLOW_CROSS_aarch64_unknown_linux_gnu=1
export PKG_CONFIG_LIBDIR_aarch64_unknown_linux_gnu=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig
# qemu-aarch64 runs each arm64 program (binfmt need not be registered, so this works in a
# container). No `-L /usr/aarch64-linux-gnu`: under qemu 7.2 that cross libc (2.36-8cross1)
# spins in pthread_create, so the test threads never start; the multiarch libc6:arm64 that
# the :arm64 -dev packages bring is found at its usual path, as on a board.
qemu=(qemu-aarch64)
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="${qemu[*]}"

step() { printf '\n== test-arm64: %s\n' "$*" >&2; }
fail() {
    echo "test-arm64: FAILED: $*" >&2
    exit 1
}

# 1. Unit tests. Skipped under qemu only, each for a limit of user-mode emulation, not of arm64:
#  - a_missing_program_is_an_error_not_a_panic: std spawns with glibc's posix_spawn, a
#    clone(CLONE_VM|CLONE_VFORK) that qemu-user runs as a plain fork, so the child's failed
#    exec (ENOENT) never reaches the parent: it sees exit status 127 instead of a spawn error.
#  - silenced_alsa_prints_no_alsa_lib_lines: re-runs its own (arm64) test binary as a child,
#    which this machine cannot execute without qemu registered in binfmt_misc.
step "unit tests (cargo test --lib --target $triple, under ${qemu[*]})"
cargo test -j"$jobs" --locked --target "$triple" -p talkclock --lib -- --exact \
    --skip audio::synth::tests::a_missing_program_is_an_error_not_a_panic \
    --skip audio::alsa_errors::tests::silenced_alsa_prints_no_alsa_lib_lines

step "building talkclock for $triple and for this machine"
cargo build -j"$jobs" --locked --target "$triple" -p talkclock --bin talkclock
cargo build -j"$jobs" --locked -p talkclock --bin talkclock
arm=("${qemu[@]}" "$target_dir/$triple/debug/talkclock")
amd=("$target_dir/debug/talkclock")
# `on arm|amd ARGS…`: runs one of the two binaries.
on() {
    if [ "$1" = arm ]; then "${arm[@]}" "${@:2}"; else "${amd[@]}" "${@:2}"; fi
}

work=$(mktemp -d)
daemon_pid=
cleanup() {
    [ -n "$daemon_pid" ] && kill -KILL "$daemon_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

# 2. The golden scenarios, as tests/fast/scenarios.rs runs them (NAME.toml beside NAME.script).
step "simulate: every scenario in tests/scenarios/"
count=0
for script in tests/scenarios/*.script; do
    name=$(basename "$script" .script)
    config=(); [ -f "tests/scenarios/$name.toml" ] && config=(--config "tests/scenarios/$name.toml")
    for arch in arm amd; do
        on "$arch" simulate --script "$script" "${config[@]}" --journal "$work/$name.$arch.jsonl" \
            >"$work/$name.$arch.out" || fail "$arch simulate $script exited $?"
    done
    # diff -u: a byte-for-byte comparison, as cmp, that also shows what differs
    diff -u "tests/scenarios/$name.expected" "$work/$name.arm.out" >&2 ||
        fail "$name: the arm64 transcript differs from the golden one"
    diff -u "$work/$name.amd.jsonl" "$work/$name.arm.jsonl" >&2 ||
        fail "$name: the arm64 journal differs from the amd64 one"
    # Each binary reads the journal the other wrote (checksums, numbers, the JSON itself).
    for what in replay "moves --journal"; do
        # shellcheck disable=SC2086 # `moves --journal` is two words
        on arm $what "$work/$name.amd.jsonl" >"$work/$name.${what% *}.arm" || fail "arm64 $what $name"
        # shellcheck disable=SC2086
        on amd $what "$work/$name.arm.jsonl" >"$work/$name.${what% *}.amd" || fail "amd64 $what $name"
        what=${what% *}
        diff -u "$work/$name.$what.amd" "$work/$name.$what.arm" >&2 || fail "$name: $what differs between arm64 and amd64"
    done
    count=$((count + 1))
done
[ "$count" -ge 12 ] || fail "only $count scenarios found"
echo "$count scenarios: transcripts, journals, replays and time logs identical" >&2

# 3. Every shipped configuration (a hall's board and station included).
step "check: every configuration in config/"
count=0
for config in config/*.toml config/hall/*.toml; do
    "${arm[@]}" check --config "$config" >"$work/check.arm" || fail "arm64 check $config exited $?"
    "${amd[@]}" check --config "$config" >"$work/check.amd" || fail "amd64 check $config exited $?"
    diff -u "$work/check.amd" "$work/check.arm" >&2 || fail "check $config: arm64 and amd64 say different things"
    count=$((count + 1))
done
echo "$count configurations accepted, the same words on both" >&2

# 4. A daemon game (as tests/daemon/ drives it): keys one a line on a FIFO as standard input,
# the arbiter's requests on the control socket, both to the arm64 binary.
step "daemon: a game, a SIGKILL, the restore, a clean stop"
cat >"$work/game.toml" <<'EOF'
mode = "tournament"
[[time_control.stage]]
time = "5:00"
increment = "0:02"
[players.white]
vision = "sighted"
language = "en"
[players.black]
vision = "sighted"
language = "en"
EOF
socket=$work/ctl.sock
journal=$work/journal.jsonl
ctl() { "${arm[@]}" ctl --socket "$socket" "$@"; }
# Starts the daemon on the game's files; its keys come from the FIFO $work/keys, kept open on fd 3.
start_daemon() {
    rm -f "$work/keys"
    mkfifo "$work/keys"
    RUST_LOG=warn,pulseaudio=off "${arm[@]}" run --config "$work/game.toml" --journal "$journal" \
        --socket "$socket" --transcript "$work/transcript-$1.jsonl" --no-audio \
        <"$work/keys" >"$work/daemon-$1.out" &
    daemon_pid=$!
    exec 3>"$work/keys"
    for _ in $(seq 600); do
        ctl status >/dev/null 2>&1 && return 0
        kill -0 "$daemon_pid" 2>/dev/null || fail "the daemon exited early"
        sleep 0.1
    done
    fail "the daemon did not open its socket within 60 s"
}
# Waits until the move counts are WHITE BLACK (a press is handled in its own time).
wait_moves() {
    for _ in $(seq 300); do
        [ "$(ctl status | jq -c '[.moves.white, .moves.black]')" = "[$1,$2]" ] && return 0
        sleep 0.1
    done
    fail "the moves never reached $1-$2: $(ctl status)"
}
press() { echo "$1" >&3; }

start_daemon 1
ctl start | jq -e '.ok == true' >/dev/null || fail "start refused"
# White moves, Black, White, Black, White: Black's clock runs. Each press waits for the one
# before it to count (presses too close together are one bounce of the button).
press w; wait_moves 1 0
press b; wait_moves 1 1
press w; wait_moves 2 1
press b; wait_moves 2 2
press w; wait_moves 3 2
before=$(ctl status)
[ "$(jq -r .running <<<"$before")" = black ] || fail "Black's clock should run: $before"
# (braces and 2>/dev/null: bash's own "Killed" line for the job is expected, not a failure)
{
    kill -KILL "$daemon_pid"
    wait "$daemon_pid" || true
} 2>/dev/null
exec 3>&-

start_daemon 2
after=$(ctl status)
# Restored paused, every move there, White's time (not running at the kill) exact.
jq -e '.phase == "paused" and .moves.white == 3 and .moves.black == 2' <<<"$after" >/dev/null ||
    fail "the restored game: $after (before the kill: $before)"
[ "$(jq .white_ms <<<"$before")" = "$(jq .white_ms <<<"$after")" ] ||
    fail "White's time changed across the kill: $before -> $after"
ctl resume | jq -e '.ok == true' >/dev/null || fail "resume refused"
press b
wait_moves 3 3
kill -TERM "$daemon_pid"
wait "$daemon_pid" || fail "the daemon did not exit cleanly on SIGTERM ($?)"
daemon_pid=
exec 3>&-

# Every press the live transcripts show is in the replay, and both binaries replay it alike.
"${arm[@]}" replay "$journal" >"$work/replay.arm" || fail "arm64 replay of the daemon's journal"
"${amd[@]}" replay "$journal" >"$work/replay.amd" || fail "amd64 replay of the daemon's journal"
diff -u "$work/replay.amd" "$work/replay.arm" >&2 || fail "the daemon's journal replays differently on amd64"
presses=$(jq -S -c 'select(.event == "press")' "$work"/transcript-*.jsonl)
[ "$(wc -l <<<"$presses")" -eq 6 ] || fail "the transcripts show $(wc -l <<<"$presses") presses, not 6"
while read -r line; do
    jq -S -c . "$work/replay.arm" | grep -qxF "$line" || fail "acknowledged press lost: $line"
done <<<"$presses"
echo "daemon: 6 presses across a SIGKILL, restored and replayed alike" >&2
step "passed"
