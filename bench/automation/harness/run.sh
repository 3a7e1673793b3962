#!/bin/bash
# Runs the automation harness (AutomationHarness.java, ours) in a real VASSAL 3.7 engine:
#   VASSAL_JAR=/path/Vengine.jar VASSAL_CP=jar:jar:... run.sh MODULE.vmod [-|COMMANDS-FILE]
# VASSAL_JAR is a VASSAL 3.7 engine jar, VASSAL_CP the jars it was compiled against
# (colon-separated; empty for a release jar that names them itself). Compiles the harness
# on first use (into $WGC_HARNESS_CLASSES, default a folder per jar under $TMPDIR) and runs
# it under xvfb-run with a preferences folder of its own, removed afterwards. Needs java 17+
# and xvfb-run (Debian: xvfb, xauth). See ../README.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
: "${VASSAL_JAR:?set VASSAL_JAR to a VASSAL 3.7 Vengine.jar (see bench/automation/README.md)}"
: "${VASSAL_CP:=}"
classpath="$VASSAL_JAR${VASSAL_CP:+:$VASSAL_CP}"
tmp=${TMPDIR:-/tmp}
jar_key=$(printf '%s' "$VASSAL_JAR" | cksum | cut -d' ' -f1)
classes=${WGC_HARNESS_CLASSES:-$tmp/wgc-automation-harness-$(id -u)-$jar_key}
newest_source=$(ls -t "$here"/*.java | head -1)
if [[ ! -f $classes/AutomationHarness.class || $newest_source -nt $classes/AutomationHarness.class ]]; then
  mkdir -p "$classes"
  build=$(mktemp -d "$tmp/wgc-harness-build-XXXXXX")
  javac -nowarn --release 17 -encoding UTF-8 -d "$build" -cp "$classpath" "$here"/*.java >&2
  cp -r "$build"/. "$classes"/ && rm -rf "$build"
fi
home=$(mktemp -d "$tmp/wgc-vassal-home-XXXXXX")
trap 'rm -rf "$home"' EXIT
mkdir -p "$home/conf"
xvfb-run -a -s "-screen 0 1600x1200x24" \
  java -Xmx2g -Djava.awt.headless=false -Duser.home="$home" -DVASSAL.conf="$home/conf" \
       -Dwgc.harness.home="$home" -Dlogback.configurationFile="$here/logback.xml" \
       -cp "$classes:$classpath" AutomationHarness "$@"
