#!/usr/bin/env bash
# Checks the docs and comments in a few seconds, for CI:
#
# 1. Every fenced code block in every tracked Markdown file is closed, and no line opens or
#    closes a block with one or two backticks (```` `` ```` or `` `swift `` renders as a broken
#    page on GitHub).
# 2. Docs/, Sources/, Tests/ and README.md describe the product, not the history of its work:
#    no numbered work sessions or sittings, no issue, round or defect numbers, no dates, no
#    instruction counts (they go stale with the next change; the benchmark prints figures).
#    A terminal's, tmux's, D-Bus's or URL session is not a work session: "session" alone is
#    not matched, only a numbered or ordinal one.
#
# Usage: Scripts/check-docs.sh   (exits 1 and lists every offending line)
set -euo pipefail
cd "$(dirname "$0")/.."
status=0

# 1. Fences. A fence is three or more backticks or tildes; it closes with the same character,
#    at least as many, and nothing after them.
while IFS= read -r -d '' file; do
  if ! awk -v file="$file" '
    function report(message) { printf "%s:%d: %s\n", file, NR, message; bad = 1 }
    {
      line = $0
      sub(/^ */, "", line)
      if (open == "") {
        if (match(line, /^(```+|~~~+)/)) {
          open = substr(line, 1, RLENGTH); openedAt = NR
        } else if (line ~ /^``?[A-Za-z0-9+-]*[ \t]*$/) {
          report("a code fence with fewer than three backticks: " $0)
        }
      } else if (match(line, /^(```+|~~~+)[ \t]*$/) && substr(line, 1, 1) == substr(open, 1, 1) \
                 && RLENGTH >= length(open)) {
        open = ""
      }
    }
    END {
      if (open != "") { printf "%s:%d: a code fence opened here is never closed\n", file, openedAt; bad = 1 }
      exit bad
    }' "$file"; then
    status=1
  fi
done < <(git ls-files -z -- '*.md')

# 2. History words.
ordinals='first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth'
ordinals+='|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth'
ordinals+='|[0-9]+(st|nd|rd|th)|last|previous|earlier|later'
history="\\b($ordinals) (work )?(session|sitting)s?\\b"
history+='|\b(session|sitting|work period)s? #?[0-9]+'
history+='|\bsittings?\b'
history+='|\bissues? #?[0-9]+|\brounds? #?[0-9]+\b|\bdefects? #?[0-9]+'
history+='|\b20[0-9]{2}-[01][0-9]-[0-3][0-9]\b'
history+='|\bfixed the (next|same) (session|day|hour|morning)'
history+='|\b[0-9][0-9,]* (more )?instructions\b'
if git grep -n -I -i -E "$history" -- Docs Sources Tests README.md; then
  echo "check-docs: the lines above speak of the work's history (sessions, issue or defect" \
    "numbers, dates, instruction counts); say what the product does instead" >&2
  status=1
fi

if [ "$status" -eq 0 ]; then
  echo "check-docs: fences balanced in $(git ls-files -- '*.md' | wc -l) Markdown files; no history words"
fi
exit "$status"
