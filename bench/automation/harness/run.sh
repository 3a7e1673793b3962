#!/bin/bash
# Runs the automation harness (AutomationHarness.java, ours) in a real VASSAL 3.7 engine:
#   VASSAL_JAR=/path/Vengine.jar VASSAL_CP=jar:jar:... run.sh MODULE.vmod [-|COMMANDS-FILE]
# VASSAL_JAR is a VASSAL 3.7 engine jar, VASSAL_CP the jars it was compiled against
# (colon-separated; empty for a release jar that names them itself). Compiles the harness
# on first use (under $WGC_HARNESS_CLASSES, default $TMPDIR/wgc-automation-harness-UID, a
# folder per jar and version of the sources) and runs
# it under xvfb-run with a preferences folder of its own, removed afterwards. Needs java 17+
# and xvfb-run (Debian: xvfb, xauth). See ../README.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
: "${VASSAL_JAR:?set VASSAL_JAR to a VASSAL 3.7 Vengine.jar (see bench/automation/README.md)}"
: "${VASSAL_CP:=}"
classpath="$VASSAL_JAR${VASSAL_CP:+:$VASSAL_CP}"
tmp=${TMPDIR:-/tmp}
# one folder per engine jar and version of the sources: compiled once, never replaced
version=$( (printf '%s\n' "$VASSAL_JAR"; cat "$here"/*.java) | cksum | cut -d' ' -f1)
classes=${WGC_HARNESS_CLASSES:-$tmp/wgc-automation-harness-$(id -u)}/$version
if [[ ! -f $classes/AutomationHarness.class ]]; then
  mkdir -p "$(dirname "$classes")"
  build=$(mktemp -d "$(dirname "$classes")/build-XXXXXX")
  javac -nowarn --release 17 -encoding UTF-8 -d "$build" -cp "$classpath" "$here"/*.java >&2
  mv -T "$build" "$classes" 2>/dev/null || rm -rf "$build"  # another run compiled it first
fi
home=$(mktemp -d "$tmp/wgc-vassal-home-XXXXXX")
trap 'rm -rf "$home"' EXIT
mkdir -p "$home/conf"
xvfb-run -a -s "-screen 0 1600x1200x24" \
  java -Xmx2g -Djava.awt.headless=false -Duser.home="$home" -DVASSAL.conf="$home/conf" \
       -Dwgc.harness.home="$home" -Dlogback.configurationFile="$here/logback.xml" \
       -cp "$classes:$classpath" AutomationHarness "$@"
