#!/usr/bin/env bash
# make heldout: score verify-evidence on documents made by another hand than
# internal/testing/corpus. Each set is a folder of documents written as web
# pages (html/) and the cases on them (cases.tsv): Chromium renders them, and
# each case lists the uploads a patient would make of its document (a photo,
# a screenshot, a PDF printed by the browser, a scanner app's PDF, a fax...);
# each goes through this tree's local API as a client would. Dates are
# written relative to today, so the truth in cases.tsv holds on any day.
#
# Needs chromium, ImageMagick (convert, identify), exiftool, jq, curl, python3
# and tesseract; not part of make test (it takes minutes). Usage:
#   make heldout                      # the first set (testdata/heldout), every condition
#   make heldout SET=round5           # round 5 (testdata/heldout/round5)
#   make heldout SET=round6|round7    # rounds 6 and 7 (testdata/heldout/round6, round7: unseen sets, seen since)
#   make heldout SET=unseen|unseen4|unseen15|unseen16|unseen17|unseen18|unseen19|unseen21|unseen22|unseen23|unseen24|unseen25|unseen26|unseen27|unseen28|unseen29|unseen30|unseen31|unseen32|unseen33|unseen34|unseen35|unseen36|unseen37|unseen38|unseen39|unseen40|unseen41|unseen42|unseen43|unseen44|unseen45|unseen46|unseen47|unseen48|unseen49|unseen50|unseen51|unseen52|unseen53|unseen54|unseen55|unseen56|unseen57|unseen58|unseen59|unseen60|unseen61|unseen62|unseen63|unseen64|unseen65|unseen66|unseen67|unseen68|unseen69|unseen70|unseen71|unseen72|unseen73|unseen74|unseen75|unseen76|unseen77|unseen78|unseen79|unseen80|unseen81|unseen82|unseen83|unseen84|unseen85|unseen86|unseen87|unseen88|unseen89|unseen90|unseen91|unseen92|unseen93|unseen94|unseen95|unseen96|unseen97|unseen98|unseen99|unseen100|unseen101|unseen102|unseen103|unseen104|unseen105|unseen106|unseen107|unseen108|unseen109|unseen110|unseen111|unseen112|unseen113|unseen114|unseen115|unseen116|unseen117|unseen118|unseen119|unseen120|unseen121|unseen122|unseen123|unseen124|unseen125|unseen126|unseen127|unseen128|unseen129|unseen130|unseen131|unseen132|unseen133|unseen134|unseen135|unseen136|unseen137|unseen138|unseen139|unseen140|unseen141|unseen142|unseen143|unseen144|unseen145|unseen146|unseen147|unseen148|unseen149|unseen150|unseen151|unseen152|unseen153|unseen154|unseen155|unseen156|unseen157|unseen158|unseen159|unseen160|unseen161|unseen162|unseen163|unseen164|unseen165|unseen166|unseen167|unseen168|unseen169|unseen170|unseen171|unseen172|unseen173|unseen174|unseen175|unseen176|unseen181|unseen178|unseen182|unseen189|unseen180|unseen179|unseen177|unseen184|unseen187|unseen186|unseen183|unseen185|unseen190|unseen188  # counts only: testdata/heldout/unseen*/README.md
#   make heldout SET=unseen5|...|unseen14|unseen20  # unseen sets whose cases have been read since: every case
#   make heldout SET=visible|all      # the sets read (first, round5-7, unseen5-14, unseen20, unseen27) | those + unseen + unseen4 + unseen15-19 + unseen21-26 + unseen28-38 + unseen39 + unseen40 + unseen41 + unseen42 + unseen43 + unseen44 + unseen45 + unseen46 + unseen47 + unseen48 + unseen49 + unseen50 + unseen51 + unseen52 + unseen53 + unseen54 + unseen55 + unseen56 + unseen57 + unseen58 + unseen59 + unseen60 + unseen61 + unseen62 + unseen63 + unseen64 + unseen65 + unseen66 + unseen67 + unseen68 + unseen69 + unseen70 + unseen71 + unseen72 + unseen73 + unseen74 + unseen75 + unseen76 + unseen77 + unseen78 + unseen79 + unseen80 + unseen81 + unseen82 + unseen83 + unseen84 + unseen85 + unseen86 + unseen87 + unseen88 + unseen89 + unseen90 + unseen91 + unseen92 + unseen93 + unseen94 + unseen95 + unseen96 + unseen97 + unseen98 + unseen99 + unseen100 + unseen101 + unseen102 + unseen103 + unseen104 + unseen105 + unseen106 + unseen107 + unseen108 + unseen109 + unseen110 + unseen111 + unseen112 + unseen113 + unseen114 + unseen115 + unseen116 + unseen117 + unseen118 + unseen119 + unseen120 + unseen121 + unseen122 + unseen123 + unseen124 + unseen125 + unseen126 + unseen127 + unseen128 + unseen129 + unseen130 + unseen131 + unseen132 + unseen133 + unseen134 + unseen135 + unseen136 + unseen137 + unseen138 + unseen139 + unseen140 + unseen141 + unseen142 + unseen143 + unseen144 + unseen145 + unseen146 + unseen147 + unseen148 + unseen149 + unseen150 + unseen151 + unseen152 + unseen153 + unseen154 + unseen155 + unseen156 + unseen157 + unseen158 + unseen159 + unseen160 + unseen161 + unseen162 + unseen163 + unseen164 + unseen165 + unseen166 + unseen167 + unseen168 + unseen169 + unseen170 + unseen171 + unseen172 + unseen173 + unseen174 + unseen175 + unseen176 + unseen181 + unseen178 + unseen182 + unseen189 + unseen180 + unseen179 + unseen177 + unseen184 + unseen187 + unseen186 + unseen183 + unseen185 + unseen190 + unseen188
#   make heldout COND='photo|severe'  # only the conditions matching this regex
#   make heldout SEED=2               # other noise (default 1): the noisy
#                                     # conditions are a sample, so measure a
#                                     # change on several seeds
#   make heldout SET=unseen SHOW=1    # also print the unseen set's cases
#   make heldout UPLOADS_ONLY=1       # make the uploads (.local/heldout/SET/docs), verify none
#   HELDOUT_TODAY=2026-11-26 make heldout UPLOADS_ONLY=1  # the uploads as made on that day
#                                     # (for go run ./cmd/heldout-replay -today 2026-11-26)
#   make heldout READER=textract      # through the production reader (internal/textract, the
#                                     # AWS SDK) against the Textract stand-in
#                                     # (cmd/textract-standin) instead of Tesseract
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
root=testdata/heldout
out=.local/heldout
cond=${COND:-.}
show=${SHOW:-0}
uploads_only=${UPLOADS_ONLY:-0}
# The day the documents' relative dates count from. The local API verifies
# against the clock, so another day is only for uploads replayed later.
export HELDOUT_TODAY=${HELDOUT_TODAY:-}
[[ -z $HELDOUT_TODAY || $uploads_only == 1 ]] || { echo "heldout: HELDOUT_TODAY is for UPLOADS_ONLY=1 (the API verifies against today)" >&2; exit 2; }
# ImageMagick's +noise draws from its random generator: -seed makes a run
# repeatable (without it every run drew other noise: two runs of one tree
# gave the photo condition 44 and 46 fields of 50).
seed=${SEED:-1}
reader=${READER:-local}
[[ $reader == local || $reader == textract ]] || { echo "heldout: READER must be local or textract" >&2; exit 2; }
case ${SET:-first} in
  first) sets=(first) ;;
  round5 | round6 | round7 | unseen | unseen4 | unseen5 | unseen6 | unseen7 | unseen8 | unseen9 | unseen10 | unseen11 | unseen12 | unseen13 | unseen14 | unseen15 | unseen16 | unseen17 | unseen18 | unseen19 | unseen20 | unseen21 | unseen22 | unseen23 | unseen24 | unseen25 | unseen26 | unseen27 | unseen28 | unseen29 | unseen30 | unseen31 | unseen32 | unseen33 | unseen34 | unseen35 | unseen36 | unseen37 | unseen38 | unseen39 | unseen40 | unseen41 | unseen42 | unseen43 | unseen44 | unseen45 | unseen46 | unseen47 | unseen48 | unseen49 | unseen50 | unseen51 | unseen52 | unseen53 | unseen54 | unseen55 | unseen56 | unseen57 | unseen58 | unseen59 | unseen60 | unseen61 | unseen62 | unseen63 | unseen64 | unseen65 | unseen66 | unseen67 | unseen68 | unseen69 | unseen70 | unseen71 | unseen72 | unseen73 | unseen74 | unseen75 | unseen76 | unseen77 | unseen78 | unseen79 | unseen80 | unseen81 | unseen82 | unseen83 | unseen84 | unseen85 | unseen86 | unseen87 | unseen88 | unseen89 | unseen90 | unseen91 | unseen92 | unseen93 | unseen94 | unseen95 | unseen96 | unseen97 | unseen98 | unseen99 | unseen100 | unseen101 | unseen102 | unseen103 | unseen104 | unseen105 | unseen106 | unseen107 | unseen108 | unseen109 | unseen110 | unseen111 | unseen112 | unseen113 | unseen114 | unseen115 | unseen116 | unseen117 | unseen118 | unseen119 | unseen120 | unseen121 | unseen122 | unseen123 | unseen124 | unseen125 | unseen126 | unseen127 | unseen128 | unseen129 | unseen130 | unseen131 | unseen132 | unseen133 | unseen134 | unseen135 | unseen136 | unseen137 | unseen138 | unseen139 | unseen140 | unseen141 | unseen142 | unseen143 | unseen144 | unseen145 | unseen146 | unseen147 | unseen148 | unseen149 | unseen150 | unseen151 | unseen152 | unseen153 | unseen154 | unseen155 | unseen156 | unseen157 | unseen158 | unseen159 | unseen160 | unseen161 | unseen162 | unseen163 | unseen164 | unseen165 | unseen166 | unseen167 | unseen168 | unseen169 | unseen170 | unseen171 | unseen172 | unseen173 | unseen174 | unseen175 | unseen176 | unseen181 | unseen178 | unseen182 | unseen189 | unseen180 | unseen179 | unseen177 | unseen184 | unseen187 | unseen186 | unseen183 | unseen185 | unseen190 | unseen188) sets=("$SET") ;;
  visible) sets=(first round5 round6 round7 unseen5 unseen6 unseen7 unseen8 unseen9 unseen10 unseen11 unseen12 unseen13 unseen14 unseen20 unseen27) ;;
  all) sets=(first round5 round6 round7 unseen unseen4 unseen5 unseen6 unseen7 unseen8 unseen9 unseen10 unseen11 unseen12 unseen13 unseen14 unseen15 unseen16 unseen17 unseen18 unseen19 unseen20 unseen21 unseen22 unseen23 unseen24 unseen25 unseen26 unseen27 unseen28 unseen29 unseen30 unseen31 unseen32 unseen33 unseen34 unseen35 unseen36 unseen37 unseen38 unseen39 unseen40 unseen41 unseen42 unseen43 unseen44 unseen45 unseen46 unseen47 unseen48 unseen49 unseen50 unseen51 unseen52 unseen53 unseen54 unseen55 unseen56 unseen57 unseen58 unseen59 unseen60 unseen61 unseen62 unseen63 unseen64 unseen65 unseen66 unseen67 unseen68 unseen69 unseen70 unseen71 unseen72 unseen73 unseen74 unseen75 unseen76 unseen77 unseen78 unseen79 unseen80 unseen81 unseen82 unseen83 unseen84 unseen85 unseen86 unseen87 unseen88 unseen89 unseen90 unseen91 unseen92 unseen93 unseen94 unseen95 unseen96 unseen97 unseen98 unseen99 unseen100 unseen101 unseen102 unseen103 unseen104 unseen105 unseen106 unseen107 unseen108 unseen109 unseen110 unseen111 unseen112 unseen113 unseen114 unseen115 unseen116 unseen117 unseen118 unseen119 unseen120 unseen121 unseen122 unseen123 unseen124 unseen125 unseen126 unseen127 unseen128 unseen129 unseen130 unseen131 unseen132 unseen133 unseen134 unseen135 unseen136 unseen137 unseen138 unseen139 unseen140 unseen141 unseen142 unseen143 unseen144 unseen145 unseen146 unseen147 unseen148 unseen149 unseen150 unseen151 unseen152 unseen153 unseen154 unseen155 unseen156 unseen157 unseen158 unseen159 unseen160 unseen161 unseen162 unseen163 unseen164 unseen165 unseen166 unseen167 unseen168 unseen169 unseen170 unseen171 unseen172 unseen173 unseen174 unseen175 unseen176 unseen181 unseen178 unseen182 unseen189 unseen180 unseen179 unseen177 unseen184 unseen187 unseen186 unseen183 unseen185 unseen190 unseen188) ;;
  *) echo "heldout: SET must be first, round5, round6, round7, unseen, unseen4, unseen5, unseen6, unseen7, unseen8, unseen9, unseen10, unseen11, unseen12, unseen13, unseen14, unseen15, unseen16, unseen17, unseen18, unseen19, unseen20, unseen21, unseen22, unseen23, unseen24, unseen25, unseen26, unseen27, unseen28, unseen29, unseen30, unseen31, unseen32, unseen33, unseen34, unseen35, unseen36, unseen37, unseen38, unseen39, unseen40, unseen41, unseen42, unseen43, unseen44, unseen45, unseen46, unseen47, unseen48, unseen49, unseen50, unseen51, unseen52, unseen53, unseen54, unseen55, unseen56, unseen57, unseen58, unseen59, unseen60, unseen61, unseen62, unseen63, unseen64, unseen65, unseen66, unseen67, unseen68, unseen69, unseen70, unseen71, unseen72, unseen73, unseen74, unseen75, unseen76, unseen77, unseen78, unseen79, unseen80, unseen81, unseen82, unseen83, unseen84, unseen85, unseen86, unseen87, unseen88, unseen89, unseen90, unseen91, unseen92, unseen93, unseen94, unseen95, unseen96, unseen97, unseen98, unseen99, unseen100, unseen101, unseen102, unseen103, unseen104, unseen105, unseen106, unseen107, unseen108, unseen109, unseen110, unseen111, unseen112, unseen113, unseen114, unseen115, unseen116, unseen117, unseen118, unseen119, unseen120, unseen121, unseen122, unseen123, unseen124, unseen125, unseen126, unseen127, unseen128, unseen129, unseen130, unseen131, unseen132, unseen133, unseen134, unseen135, unseen136, unseen137, unseen138, unseen139, unseen140, unseen141, unseen142, unseen143, unseen144, unseen145, unseen146, unseen147, unseen148, unseen149, unseen150, unseen151, unseen152, unseen153, unseen154, unseen155, unseen156, unseen157, unseen158, unseen159, unseen160, unseen161, unseen162, unseen163, unseen164, unseen165, unseen166, unseen167, unseen168, unseen169, unseen170, unseen171, unseen172, unseen173, unseen174, unseen175, unseen176, unseen181, unseen178, unseen182, unseen189, unseen180, unseen179, unseen177, unseen184, unseen187, unseen186, unseen183, unseen185, unseen190, unseen188, visible or all" >&2; exit 2 ;;
esac
setdir() { if [[ $1 == first ]]; then echo "$root"; else echo "$root/$1"; fi; }
# Unseen sets whose every case has been read since they were measured (their
# READMEs say when): their cases are printed like the visible sets'. The
# others print counts only, unless SHOW=1.
read_sets=" unseen5 unseen6 unseen7 unseen8 unseen9 unseen10 unseen11 unseen12 unseen13 unseen14 unseen20 unseen27 "
counts_only() { [[ $1 == unseen* && $read_sets != *" $1 "* && $show != 1 ]]; }
# The conditions a case gets when cases.tsv names none (the first set's).
default_uploads="upright rot90 rot180 rot270 exif6 photo scan severe"
# Harsh: a person too has to work to read these (testdata/heldout/README.md).
harsh="severe lowlight crumpled selfiemirror"
for tool in chromium convert identify exiftool jq curl python3 tesseract; do
  command -v "$tool" >/dev/null || { echo "heldout: $tool is not installed" >&2; exit 1; }
done
rm -rf "$out" && mkdir -p "$out"
start=$SECONDS

# Dates relative to today: {{us:-21}} 11/02/2026, {{uk:-9}} 14/11/2026,
# {{long-us:-25}} October 29, 2026, {{ord-us:-19}} November 4th, 2026,
# {{ord-uk:-19}} 4th November 2026, {{long-uk:-3}} 20 November 2026,
# {{wlong-us:-1}} Monday, November 24, 2026, {{rfc:-3}} Sat, 22 Nov 2026,
# {{dmon:-5}} 20 Nov 2026, {{mond:-5}} Nov 20, 2026, {{iso:-5}} 2026-11-20,
# {{us2:-5}} 11/20/26, {{fax-us:-1}} NOV-24-2026; (unseen17) {{uk2:-5}} 20/11/26,
# {{dmon2-up:-5}} 20-NOV-26, {{dot:-5}} 20.11.2026, {{ord-dmon:-5}} 20th Nov 2026,
# {{mon-d:-5}} Nov 20 (no year), {{wlong-uk:-6}} Friday 20 November 2026;
# (unseen26) {{ymd:-5}} 2026/11/20; (unseen42) {{jul:-5}} 26324 (YYDDD),
# {{dow:-5}} Fri, {{day:-5}} 20, {{dd:-5}} 20, {{mm:-5}} 11, {{yy:-5}} 26, {{year:-5}} 2026,
# {{dow-dmon:-5}} Fri 20 Nov, {{dow-mond:-5}} Fri, Nov 20, {{ord-mon:-5}}
# 20th November, {{mon-ord:-5}} November 20th, {{month-y:-5}} November 2026;
# (unseen41) {{dmon-es:-5}} 20 nov 2026,
# {{long-es:-5}} 20 de noviembre de 2026, {{dmon-cy:-5}} 20 Tach 2026,
# {{long-cy:-5}} 20 Tachwedd 2026, {{dmon-fr:-5}} 20 nov. 2026; (unseen50)
# {{mil:-5}} 21NOV26 (military style, DDMMMYY, no separators); (unseen56)
# {{long-pl:-5}} 20 listopada 2026 (Polish, the month in the genitive, as a
# browser's translation into Polish writes a date); (unseen59)
# {{long-pt:-5}} 20 de novembro de 2026 (Portuguese, the month in lower case);
# (unseen64) {{yymmdd:-5}} 261120 (YYMMDD, as pharmacy systems print fill dates
# on pick tickets and fill logs);
# (unseen66) {{dmon-up:-5}} 20 NOV 2026 (day, month in capitals, four-digit
# year, as VA and military pharmacy systems print it).
# (unseen67) dates in words, as people say and dictate them: {{dowl:-5}}
# Friday, {{ordw:-5}} twentieth, {{ordw-of:-5}} twentieth of November,
# {{mon-ordw:-5}} November twentieth, {{dow-ordw-of:-5}} Friday the twentieth
# of November, {{dow-mon-ordw:-5}} Friday, November twentieth, {{legal-us:-5}}
# twentieth day of November, two thousand twenty-six (a US attestation's).
# (unseen70) {{long-ga:-5}} 20 Samhain 2026 (the month in Irish, as a pharmacy
# in the Gaeltacht prints it on a label).
# (unseen74) a device's own date line, as lock screens, watches and smart
# displays show today: {{dow-month-d:-5}} Friday, November 20 (US), {{dow-d-month:-5}}
# Friday 20 November (UK); no year.
for s in "${sets[@]}"; do
  mkdir -p "$out/$s/html" "$out/$s/png" "$out/$s/docs"
  python3 - "$(setdir "$s")/html" "$out/$s/html" <<'EOF'
import datetime, os, pathlib, re, sys
today = datetime.date.fromisoformat(os.environ["HELDOUT_TODAY"]) if os.environ.get("HELDOUT_TODAY") else datetime.date.today()
ES_MON = "ene feb mar abr may jun jul ago sept oct nov dic".split()
ES_MONTH = "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split()
CY_MON = "Ion Chwef Maw Ebr Mai Meh Gorff Awst Medi Hyd Tach Rhag".split()
CY_MONTH = "Ionawr Chwefror Mawrth Ebrill Mai Mehefin Gorffennaf Awst Medi Hydref Tachwedd Rhagfyr".split()
PT_MONTH = "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro".split()
GA_MONTH = ["Eanáir", "Feabhra", "Márta", "Aibreán", "Bealtaine", "Meitheamh", "Iúil", "Lúnasa",
            "Meán Fómhair", "Deireadh Fómhair", "Samhain", "Nollaig"]
PL_MONTH = "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października listopada grudnia".split()
FR_MON = "janv. févr. mars avr. mai juin juil. août sept. oct. nov. déc.".split()
ORDW = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth "
        "fifteenth sixteenth seventeenth eighteenth nineteenth twentieth twenty-first twenty-second twenty-third "
        "twenty-fourth twenty-fifth twenty-sixth twenty-seventh twenty-eighth twenty-ninth thirtieth thirty-first").split()
UNITS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
def words(n):  # 0-99
    return UNITS[n] if n < 20 else TENS[n // 10] + ("" if n % 10 == 0 else "-" + UNITS[n % 10])
def yearw(y): return f"two thousand{'' if y % 100 == 0 else ' ' + words(y % 100)}"
def ordinal(n): return f"{n}{'th' if 10 <= n % 100 <= 20 else {1:'st',2:'nd',3:'rd'}.get(n % 10, 'th')}"
def render(m):
    style, days = m.group(1), int(m.group(2))
    d = today + datetime.timedelta(days=days)
    return {"us": d.strftime("%m/%d/%Y"), "uk": d.strftime("%d/%m/%Y"),
            "long-us": f"{d:%B} {d.day}, {d.year}", "ord-us": f"{d:%B} {ordinal(d.day)}, {d.year}",
            "ord-uk": f"{ordinal(d.day)} {d:%B} {d.year}", "long-uk": f"{d.day} {d:%B} {d.year}",
            "wlong-us": f"{d:%A}, {d:%B} {d.day}, {d.year}", "rfc": f"{d:%a}, {d.day} {d:%b} {d.year}",
            "dmon": f"{d.day} {d:%b} {d.year}", "mond": f"{d:%b} {d.day}, {d.year}",
            "iso": d.isoformat(), "us2": d.strftime("%m/%d/%y"),
            "fax-us": d.strftime("%b-%d-%Y").upper(), "uk2": d.strftime("%d/%m/%y"),
            "dmon2-up": d.strftime("%d-%b-%y").upper(), "dot": d.strftime("%d.%m.%Y"),
            "ord-dmon": f"{ordinal(d.day)} {d:%b} {d.year}", "mon-d": f"{d:%b} {d.day}",
            "wlong-uk": f"{d:%A} {d.day} {d:%B} {d.year}", "ymd": d.strftime("%Y/%m/%d"),
            "jul": f"{d:%y}{d.timetuple().tm_yday:03d}", "dow": f"{d:%a}", "day": str(d.day),
            "dd": f"{d:%d}", "mm": f"{d:%m}", "yy": f"{d:%y}", "year": str(d.year),
            "dow-dmon": f"{d:%a} {d.day} {d:%b}", "dow-mond": f"{d:%a}, {d:%b} {d.day}",
            "ord-mon": f"{ordinal(d.day)} {d:%B}", "mon-ord": f"{d:%B} {ordinal(d.day)}",
            "month-y": f"{d:%B} {d.year}",
            # (unseen41) months as Spanish, Welsh and Canadian French write them.
            "dmon-es": f"{d.day} {ES_MON[d.month - 1]} {d.year}",
            "long-es": f"{d.day} de {ES_MONTH[d.month - 1]} de {d.year}",
            "dmon-cy": f"{d.day} {CY_MON[d.month - 1]} {d.year}",
            "long-cy": f"{d.day} {CY_MONTH[d.month - 1]} {d.year}",
            "dmon-fr": f"{d.day} {FR_MON[d.month - 1]} {d.year}",
            # (unseen50) military style: 06NOV26.
            "mil": d.strftime("%d%b%y").upper(),
            # (unseen56) Polish, as a browser translating a page writes it.
            "long-pl": f"{d.day} {PL_MONTH[d.month - 1]} {d.year}",
            # (unseen59) Portuguese, as a pharmacy in Portugal or a translated label writes it.
            "long-pt": f"{d.day} de {PT_MONTH[d.month - 1]} de {d.year}",
            # (unseen64) YYMMDD, as pharmacy systems print fill dates: 261120.
            "yymmdd": d.strftime("%y%m%d"),
            # (unseen66) VA and military systems: 20 NOV 2026.
            "dmon-up": f"{d.day:02d} {d:%b} {d.year}".upper(),
            # (unseen67) in words, as spoken, dictated or attested.
            "dowl": f"{d:%A}", "ordw": ORDW[d.day - 1], "ordw-of": f"{ORDW[d.day - 1]} of {d:%B}",
            "mon-ordw": f"{d:%B} {ORDW[d.day - 1]}", "dow-ordw-of": f"{d:%A} the {ORDW[d.day - 1]} of {d:%B}",
            "dow-mon-ordw": f"{d:%A}, {d:%B} {ORDW[d.day - 1]}",
            "legal-us": f"{ORDW[d.day - 1]} day of {d:%B}, {yearw(d.year)}",
            # (unseen70) the month in Irish.
            "long-ga": f"{d.day} {GA_MONTH[d.month - 1]} {d.year}",
            # (unseen74) a device's date line: lock screens, watches, smart displays.
            "dow-month-d": f"{d:%A}, {d:%B} {d.day}", "dow-d-month": f"{d:%A} {d.day} {d:%B}"}[style]
for f in pathlib.Path(sys.argv[1]).glob("*.html"):
    # {{uk:0}} is today as {{uk:+0}} is: two sets wrote it so, and it
    # printed as it stood until the pattern took it.
    text = re.sub(r"\{\{([a-z0-9-]+):([+-]?\d+)\}\}", render, f.read_text())
    # Any other placeholder would print as it is: a document with a wrong
    # date and no error.
    if (left := re.search(r"\{\{[^}]*\}\}", text)):
        sys.exit(f"heldout: {f}: placeholder {left.group(0)} is not one of the forms above")
    (pathlib.Path(sys.argv[2]) / f.name).write_text(text)
EOF
done

profile=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$profile"' EXIT
chrome() {
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --hide-scrollbars "$@" </dev/null >/dev/null 2>&1
}

# page SET NAME: the document as a trimmed screenshot with a white border, at
# the viewport its <meta name="heldout-viewport" content="WxH@scale"> asks for
# (900x520@2 when it names none). A NAME.layer.html beside it (what a
# scanner app's text layer says) is cut with the document's own box, so the
# two images line up pixel for pixel.
page() {
  local s=$1 n=$2 html=$out/$1/html/$2.html png=$out/$1/png/$2.png
  if [[ ! -e $png ]]; then
    local vp w h scale
    vp=$(sed -n 's/.*name="heldout-viewport" content="\([0-9x@.]*\)".*/\1/p' "$html" | head -1)
    vp=${vp:-900x520@2}
    w=${vp%%x*} h=${vp#*x}; h=${h%@*} scale=${vp#*@}
    chrome --force-device-scale-factor="$scale" --window-size="$w,$h" \
      --screenshot="$out/$s/png/$n.raw.png" "file://$PWD/$html"
    local box
    box=$(convert "$out/$s/png/$n.raw.png" -trim -format '%wx%h%O' info:)
    convert "$out/$s/png/$n.raw.png" -crop "$box" +repage -bordercolor white -border 40 "$png"
    if [[ -e $out/$s/html/$n.layer.html ]]; then
      chrome --force-device-scale-factor="$scale" --window-size="$w,$h" \
        --screenshot="$out/$s/png/$n.layer.raw.png" "file://$PWD/$out/$s/html/$n.layer.html"
      convert "$out/$s/png/$n.layer.raw.png" -crop "$box" +repage -bordercolor white -border 40 "$out/$s/png/$n.layer.png"
    fi
  fi
  echo "$png"
}

# noise SEED NAME: a repeatable number for this document and seed, so each
# document gets its own glare spot or crumple, the same on every run.
pick() { echo $((($(cksum <<<"$1 $2" | cut -d' ' -f1) % $3))); }

# jpegs_to_pdf OUT DPI JPEG...: one PDF of the page images, no text layer,
# each page as large as its image at DPI (ImageMagick's policy here forbids
# writing PDF; the file is simple enough to write). docscan and feeder.
# With HELDOUT_PDF_ROTATE=90 or 270 in its environment, each page
# dictionary gets that /Rotate entry (pdfrotate: the image stored sideways,
# turned upright for display).
jpegs_to_pdf() {
  python3 - "$@" <<'EOF'
import os, struct, sys
def size(jpg, path):
    i = 2
    while i < len(jpg):
        marker, length = jpg[i + 1], struct.unpack(">H", jpg[i + 2:i + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            h, w = struct.unpack(">HH", jpg[i + 5:i + 9])
            return w, h, jpg[i + 9]
        i += 2 + length
    sys.exit("heldout: %s: no JPEG frame header" % path)
dpi = float(sys.argv[2])
objs, kids = [None, None], []  # 1: catalog, 2: pages
for path in sys.argv[3:]:
    jpg = open(path, "rb").read()
    w, h, comps = size(jpg, path)
    cs = {1: b"/DeviceGray", 3: b"/DeviceRGB"}[comps]
    objs.append(b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace %s /BitsPerComponent 8 /Filter /DCTDecode /Length %d >>\nstream\n" % (w, h, cs, len(jpg)) + jpg + b"\nendstream")
    img = len(objs)
    pw, ph = w * 72 / dpi, h * 72 / dpi
    draw = b"q %.2f 0 0 %.2f 0 0 cm /Im0 Do Q" % (pw, ph)
    objs.append(b"<< /Length %d >>\nstream\n" % len(draw) + draw + b"\nendstream")
    content = len(objs)
    rotate = int(os.environ.get("HELDOUT_PDF_ROTATE", "0") or 0)
    rot = b" /Rotate %d" % rotate if rotate else b""
    objs.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f]%s /Resources << /XObject << /Im0 %d 0 R >> >> /Contents %d 0 R >>" % (pw, ph, rot, img, content))
    kids.append(len(objs))
objs[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
objs[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % k for k in kids), len(kids))
out, offsets = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", []
for i, o in enumerate(objs, 1):
    offsets.append(len(out))
    out += b"%d 0 obj\n" % i + o + b"\nendobj\n"
xref = len(out)
out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1) + b"".join(b"%010d 00000 n \n" % o for o in offsets)
out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
open(sys.argv[1], "wb").write(out)
EOF
}

# pdf_append_revision BASE REV OUT: BASE (a PDF with a plain xref table, as
# qpdf --object-streams=disable writes it, perhaps already updated) with
# REV's page appended to it as an incremental update, written as OUT: BASE's
# bytes unchanged, then REV's page object under BASE's page's own object
# number (its /Parent BASE's page tree) and every object it uses (content,
# resources, fonts, images) renumbered from BASE's /Size, a new xref section
# for just these objects and a trailer whose /Prev is BASE's last xref.
# pdfincremental.
pdf_append_revision() {
  python3 - "$@" <<'EOF'
import re, sys
REF = re.compile(rb"(?<![\d.])(\d+) 0 R\b")
def parse(data):
    """Objects' offsets by number across the /Prev chain (the newest wins) and the newest trailer."""
    offs, trailer = {}, None
    xref = int(re.findall(rb"startxref\s+(\d+)", data)[-1])
    while xref is not None:
        m = re.match(rb"xref\s*", data[xref:])
        if not m: sys.exit("heldout: pdfincremental: no plain xref table at %d" % xref)
        i = xref + m.end()
        while True:
            h = re.match(rb"(\d+) (\d+)\s*\n", data[i:])
            if not h: break
            start, count = int(h.group(1)), int(h.group(2)); i += h.end()
            for k in range(count):
                entry = data[i:i + 20]; i += 20
                if entry[17:18] == b"n" and start + k not in offs: offs[start + k] = int(entry[:10])
        t = re.match(rb"\s*trailer\s*(<<.*?>>)\s*startxref", data[i:], re.S)
        if not t: sys.exit("heldout: pdfincremental: no trailer after the xref at %d" % xref)
        if trailer is None: trailer = t.group(1)
        p = re.search(rb"/Prev (\d+)", t.group(1))
        xref = int(p.group(1)) if p else None
    return offs, trailer
def body(data, offs, num):
    """An object's text between 'N 0 obj' and 'endobj' (a stream's data kept as it is)."""
    o = offs[num]
    m = re.match(rb"%d 0 obj\s*" % num, data[o:])
    if not m: sys.exit("heldout: pdfincremental: object %d is not at its offset" % num)
    rest = data[o + m.end():]
    s = re.match(rb"(<<.*?>>)\s*stream\r?\n", rest, re.S)
    if s and s.end() <= rest.find(b"endobj"):
        head = s.group(1)
        ln = re.search(rb"/Length (\d+)( 0 R)?", head)
        n = int(body(data, offs, int(ln.group(1))).strip()) if ln.group(2) else int(ln.group(1))
        return head, rest[s.end():s.end() + n]
    return rest[:rest.index(b"endobj")].rstrip(), None
def first_page(data, offs, trailer):
    root = int(re.search(rb"/Root (\d+) 0 R", trailer).group(1))
    pages = int(re.search(rb"/Pages (\d+) 0 R", body(data, offs, root)[0]).group(1))
    kid = int(re.search(rb"/Kids\s*\[\s*(\d+) 0 R", body(data, offs, pages)[0]).group(1))
    return root, pages, kid
base, rev = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read()
boffs, btrailer = parse(base)
broot, bpages, bpage = first_page(base, boffs, btrailer)
size = int(re.search(rb"/Size (\d+)", btrailer).group(1))
roffs, rtrailer = parse(rev)
_, _, rpage = first_page(rev, roffs, rtrailer)
# The objects REV's page uses, its parent left out.
page_head = re.sub(rb"/Parent \d+ 0 R", b"", body(rev, roffs, rpage)[0])
need, todo = [], [int(x) for x in REF.findall(page_head)]
while todo:
    k = todo.pop()
    if k in need or k == rpage: continue
    need.append(k)
    todo += [int(x) for x in REF.findall(body(rev, roffs, k)[0])]
new = {k: size + i for i, k in enumerate(sorted(need))}
renum = lambda t: REF.sub(lambda m: b"%d 0 R" % new[int(m.group(1))], t)
out = bytearray(base if base.endswith(b"\n") else base + b"\n")
placed = {}
def put(num, head, stream):
    placed[num] = len(out)
    out.extend(b"%d 0 obj\n" % num + head)
    if stream is not None:
        out.extend(b"\nstream\n" + stream + b"\nendstream")
    out.extend(b"\nendobj\n")
pdict = renum(page_head)
pdict = pdict[:2] + b" /Parent %d 0 R" % bpages + pdict[2:]
put(bpage, pdict, None)
for k in sorted(need):
    head, stream = body(rev, roffs, k)
    if stream is not None and re.search(rb"/Length \d+ 0 R", head):
        head = re.sub(rb"/Length \d+ 0 R", b"/Length %d" % len(stream), head)
    put(new[k], renum(head), stream)
xref = len(out)
out.extend(b"xref\n%d 1\n%010d 00000 n \n" % (bpage, placed[bpage]))
if need:
    out.extend(b"%d %d\n" % (size, len(need)) + b"".join(b"%010d 00000 n \n" % placed[new[k]] for k in sorted(need)))
extra = b"".join(m.group(0) + b" " for m in re.finditer(rb"/(Info \d+ 0 R|ID\s*\[[^\]]*\])", btrailer))
prev = int(re.findall(rb"startxref\s+(\d+)", base)[-1])
out.extend(b"trailer\n<< /Size %d /Root %d 0 R %s/Prev %d >>\nstartxref\n%d\n%%%%EOF\n" % (size + len(need), broot, extra, prev, xref))
open(sys.argv[3], "wb").write(out)
EOF
}

# pdf_layers IN OUT NAME SEED: IN (a one-page PDF opened by qpdf --qdf
# --object-streams=disable) with optional content added, as InDesign,
# Illustrator, CAD and some label and form systems export a page (pdflayers):
# two optional content groups (/OCProperties with /OCGs in the catalog), the
# page's own content wrapped in a marked-content block (/OC ... BDC ... EMC)
# of the visible one, and after it a block of the other holding text the page
# does not show, in Helvetica: what it holds is drawn from SEED and the
# document (a "DRAFT - NOT FOR ISSUE" or "SAMPLE" stamp, a template's
# placeholders, another order's line with another patient, strength and an
# old date, or an older version of a date and a quantity), and how it is
# hidden too: switched off in the default view (/D /OFF), or also marked
# print-only (/Usage with /View OFF, /Print ON, and /AS). Written as OUT
# (still QDF, the new streams' lengths as indirect objects: run fix-qdf on
# it). Prints the kind of text, the usage and the hidden layer's name.
pdf_layers() {
  python3 - "$@" <<'EOF'
import hashlib, re, sys
src, dst, name, seed = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
def pick(what, k): return int(hashlib.sha256(("%s pdflayers %s %s" % (name, what, seed)).encode()).hexdigest(), 16) % k
pdf = open(src, "rb").read().decode("latin-1")
def obj(num):
    m = re.search(r"\n%d 0 obj\n(.*?)\nendobj\n" % num, pdf, re.S)
    if not m: sys.exit("heldout: pdflayers: %s: no object %d" % (name, num))
    return m
pages = [int(n) for n in re.findall(r"\n(\d+) 0 obj\n<<(?:(?!endobj).)*?\n  /Type /Page\n", pdf, re.S)]
cats = [int(n) for n in re.findall(r"\n(\d+) 0 obj\n<<(?:(?!endobj).)*?\n  /Type /Catalog\n", pdf, re.S)]
if len(pages) != 1 or len(cats) != 1: sys.exit("heldout: pdflayers: %s: not one page and one catalog (%d, %d)" % (name, len(pages), len(cats)))
size = int(re.search(r"/Size (\d+)", pdf.split("\ntrailer <<")[-1]).group(1))
ocv, och, font, pre, post = size, size + 1, size + 2, size + 3, size + 5
page = obj(pages[0]).group(1)
mb = [float(x) for x in re.search(r"/MediaBox \[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]", page).groups()]
W, H = mb[2] - mb[0], mb[3] - mb[1]
uk = name.startswith("uk-")
# What the hidden layer holds, drawn from SEED and the document: a stamp, a
# template's placeholders, another order's line or an older version of a date.
kind = pick("kind", 5)
def esc(s): return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
if kind in (0, 1):
    word = "DRAFT - NOT FOR ISSUE" if kind == 0 else "SAMPLE"
    size_pt = 54 if kind == 0 else 110
    lines = [(word, size_pt, 0)]
    layer_name = "Draft stamp" if kind == 0 else "Sample watermark"
    body = "q 0.85 0.1 0.1 rg BT /FLyr %d Tf 0.7071 0.7071 -0.7071 0.7071 %.1f %.1f Tm (%s) Tj ET Q\n" % (size_pt, W * 0.18, H * 0.28, esc(word))
else:
    if kind == 2:
        layer_name = "Template fields"
        lines = ["PATIENT: [FORENAME] [SURNAME]", "ITEM: [PRODUCT] [STRENGTH]", "DATE: DD/MM/YYYY" if uk else "DATE: MM/DD/YYYY", "SUPPLIED BY: [PHARMACY NAME]"]
    elif kind == 3:
        layer_name = "Previous order"
        lines = ["Order 40-1187  Mounjaro 15mg KwikPen x1", "Dispensed 03/02/2025  Mrs Ellen Marchetti-Rowe", "Cadwell Pharmacy, 1 Stone Row NN9 9ZZ"] if uk else \
                ["Order 40-1187  Zepbound 15mg/0.5mL pen x4", "Filled 02/03/2025  MARCHETTI-ROWE, ELLEN", "Cadwell Pharmacy, 1 Stone Row, Dayton OH 45499"]
    else:
        layer_name = "Version 1"
        lines = ["Date: 14/03/2025", "Qty: 2"] if uk else ["Date: 03/14/2025", "Qty: 2"]
    y0 = H * (0.35 + pick("place", 30) / 100.0)
    body = "q 0 0 0 rg BT /FLyr 11 Tf 14 TL %.1f %.1f Td\n" % (W * 0.12, y0)
    body += "".join("(%s) '\n" % esc(l) for l in lines) + "ET Q\n"
usage = pick("usage", 2)   # 0: switched off in the default view; 1: print-only (/Usage, /AS)
vis_name = ["Artwork", "Layer 1", "Page"][pick("visible", 3)]
hid_usage = "" if usage == 0 else " /Usage << /Print << /PrintState /ON >> /View << /ViewState /OFF >> >>"
new = {
    ocv: "<< /Type /OCG /Name (%s) /Usage << /View << /ViewState /ON >> /Print << /PrintState /ON >> >> >>" % vis_name,
    och: "<< /Type /OCG /Name (%s)%s >>" % (esc(layer_name), hid_usage),
    font: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
}
streams = {pre: "q /OC /OCv BDC\n", post: "\nEMC Q\n/OC /OCh BDC\n" + body + "EMC\n"}
# The page draws its own content inside the visible layer and the hidden text after it.
m = re.search(r"/Contents (\d+ 0 R|\[[^\]]*\])", page)
if not m: sys.exit("heldout: pdflayers: %s: the page has no /Contents" % name)
inner = m.group(1).strip("[]").split() if m.group(1).startswith("[") else m.group(1).split()
refs = " ".join(inner)
page2 = page.replace(m.group(0), "/Contents [ %d 0 R %s %d 0 R ]" % (pre, refs, post), 1)
props = "/Properties << /OCv %d 0 R /OCh %d 0 R >>" % (ocv, och)
def add_res(d):
    d = d.replace("<<", "<<\n    " + props, 1)
    if re.search(r"/Font <<", d): return d.replace("/Font <<", "/Font << /FLyr %d 0 R" % font, 1)
    return d.replace("<<", "<<\n    /Font << /FLyr %d 0 R >>" % font, 1)
rm = re.search(r"/Resources (\d+) 0 R", page2)
if rm:
    ro = obj(int(rm.group(1)))
    pdf = pdf[:ro.start(1)] + add_res(ro.group(1)) + pdf[ro.end(1):]
    page = obj(pages[0]).group(1)
    page2 = page.replace(m.group(0), "/Contents [ %d 0 R %s %d 0 R ]" % (pre, refs, post), 1)
else:
    i = page2.index("/Resources <<")
    page2 = page2[:i] + "/Resources <<\n    " + props + ("\n    /Font << /FLyr %d 0 R >>" % font if "/Font <<" not in page2[i:] else "") + page2[i + len("/Resources <<"):]
    if "/Font <<" in page2[i:]: page2 = page2[:i] + page2[i:].replace("/Font <<", "/Font << /FLyr %d 0 R" % font, 1)
po = obj(pages[0])
pdf = pdf[:po.start(1)] + page2 + pdf[po.end(1):]
ocp = "/OCProperties << /OCGs [ %d 0 R %d 0 R ] /D << /Name (Default) /BaseState /ON /ON [ %d 0 R ] /OFF [ %d 0 R ] /Order [ %d 0 R %d 0 R ]%s >> >>" % (
    ocv, och, ocv, och, ocv, och,
    "" if usage == 0 else " /AS [ << /Event /View /OCGs [ %d 0 R ] /Category [ /View ] >> << /Event /Print /OCGs [ %d 0 R ] /Category [ /Print ] >> ]" % (och, och))
co = obj(cats[0])
pdf = pdf[:co.start(1)] + co.group(1).replace("<<", "<<\n  " + ocp, 1) + pdf[co.end(1):]
add = ""
for n in sorted(list(new) + list(streams)):
    if n in new: add += "%d 0 obj\n%s\nendobj\n\n" % (n, new[n])
    else: add += "%d 0 obj\n<< /Length %d 0 R >>\nstream\n%sendstream\nendobj\n\n%d 0 obj\n%d\nendobj\n\n" % (n, n + 1, streams[n], n + 1, len(streams[n]))
i = pdf.rindex("\nxref\n")
pdf = pdf[:i + 1] + add + pdf[i + 1:]
pdf = re.sub(r"(trailer <<.*?/Size )\d+", lambda mm: mm.group(1) + str(size + 7), pdf, flags=re.S)
open(dst, "wb").write(pdf.encode("latin-1"))
print(kind, usage, layer_name)
EOF
}

# pdf_covered IN OUT NAME SEED PGM: IN (a one-page PDF opened by qpdf --qdf
# --object-streams=disable) with text added that the page does not show, as a
# careless redaction or a corrected template leaves it (pdfcovered): a line or
# two (another patient's name, an old date, a superseded dose or a template's
# sample values, drawn from SEED and the document) drawn in Helvetica in a
# blank band of the page (measured on PGM, the print rendered grey at 36 dpi:
# the tallest run of blank rows), then hidden one of four ways, drawn the same
# way: covered by an opaque white "correction" box, drawn in white on the
# white page, drawn inside a clip of no area, or covered by a black redaction
# bar (the one visible mark, on blank paper). Written as OUT (still QDF: run
# fix-qdf on it). Prints the way, the hidden text's first word and the bar's
# box in PGM pixels (x0 y0 x1 y1, or "-" when nothing is drawn).
pdf_covered() {
  python3 - "$@" <<'EOF'
import hashlib, re, sys
src, dst, name, seed, pgm = sys.argv[1:6]
def pick(what, k): return int(hashlib.sha256(("%s pdfcovered %s %s" % (name, what, seed)).encode()).hexdigest(), 16) % k
pdf = open(src, "rb").read().decode("latin-1")
def obj(num):
    m = re.search(r"\n%d 0 obj\n(.*?)\nendobj\n" % num, pdf, re.S)
    if not m: sys.exit("heldout: pdfcovered: %s: no object %d" % (name, num))
    return m
pages = [int(n) for n in re.findall(r"\n(\d+) 0 obj\n<<(?:(?!endobj).)*?\n  /Type /Page\n", pdf, re.S)]
if len(pages) != 1: sys.exit("heldout: pdfcovered: %s: not one page (%d)" % (name, len(pages)))
size = int(re.search(r"/Size (\d+)", pdf.split("\ntrailer <<")[-1]).group(1))
font, pre, post = size, size + 1, size + 3
page = obj(pages[0]).group(1)
mb = [float(x) for x in re.search(r"/MediaBox \[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]", page).groups()]
W, H = mb[2] - mb[0], mb[3] - mb[1]
# The page as printed, grey (P5 PGM): find the tallest band of blank rows
# (every pixel of the row between 4% and 96% of the width near white).
raw = open(pgm, "rb").read()
hdr = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", raw)
pw, ph = int(hdr.group(1)), int(hdr.group(2))
px = raw[hdr.end():]
x0p, x1p = int(pw * 0.04), int(pw * 0.96)
blank = [min(px[y * pw + x0p:y * pw + x1p]) >= 250 for y in range(ph)]
best, run, start = (0, 0), 0, 0
for y in range(ph):
    if blank[y]:
        if run == 0: start = y
        run += 1
        if run > best[1] - best[0]: best = (start, y + 1)
    else: run = 0
b0, b1 = best
if (b1 - b0) * 72.0 / 36 < 40: sys.exit("heldout: pdfcovered: %s: no blank band of 40 pt on the page" % name)
uk = name.startswith("uk-")
what = pick("what", 4)
if what == 0:
    lines = ["Patient: Mrs Joan Hartley-Prentice", "DOB 02/11/1949  NHS 999 301 2277"] if uk else ["Patient: HARTLEY-PRENTICE, JOAN", "DOB 11/02/1949  MRN 00731190"]
elif what == 1:
    lines = ["Dispensed: 14/03/2025"] if uk else ["Filled: 03/14/2025"]
elif what == 2:
    lines = ["Mounjaro 15mg KwikPen x1  Dose: 15 mg weekly"] if uk else ["ZEPBOUND 15MG/0.5ML PEN  QTY 4"]
else:
    lines = ["PATIENT NAME: Jane Sample", "DATE: 01/01/2025  ITEM: [PRODUCT] [STRENGTH]"]
how = pick("how", 4)   # 0 white box, 1 white text, 2 clipped away, 3 black bar
fs, lead = 10.0, 13.0
th = lead * len(lines)
# The band's middle, in PDF points (y up), with the text's box.
mid = H - ((b0 + b1) / 2.0) * 72.0 / 36
tx = W * (0.10 + pick("x", 20) / 100.0)
tw = max(len(l) for l in lines) * fs * 0.6
ty = mid + th / 2 - fs
bx0, by0, bx1, by1 = tx - 4, mid - th / 2 - 3, tx + tw + 4, mid + th / 2 + 3
def esc(s): return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
text = "BT /FCov %.1f Tf %.1f TL %.1f %.1f Td\n" % (fs, lead, tx, ty) + "".join("(%s) Tj T*\n" % esc(l) for l in lines) + "ET\n"
if how == 0:
    body = "q 0 0 0 rg\n" + text + "1 1 1 rg %.1f %.1f %.1f %.1f re f\nQ\n" % (bx0, by0, bx1 - bx0, by1 - by0)
elif how == 1:
    body = "q 1 1 1 rg\n" + text + "Q\n"
elif how == 2:
    body = "q %.1f %.1f 0 0 re W n 0 0 0 rg\n" % (W * 0.5, 2.0) + text + "Q\n"
else:
    body = "q 0 0 0 rg\n" + text + "0 0 0 rg %.1f %.1f %.1f %.1f re f\nQ\n" % (bx0, by0, bx1 - bx0, by1 - by0)
new = {font: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"}
streams = {pre: "q\n", post: "\nQ\n" + body}
m = re.search(r"/Contents (\d+ 0 R|\[[^\]]*\])", page)
if not m: sys.exit("heldout: pdfcovered: %s: the page has no /Contents" % name)
refs = " ".join(m.group(1).strip("[]").split())
def add_font(d):
    if re.search(r"/Font <<", d): return d.replace("/Font <<", "/Font << /FCov %d 0 R" % font, 1)
    return d.replace("<<", "<<\n    /Font << /FCov %d 0 R >>" % font, 1)
rm = re.search(r"/Resources (\d+) 0 R", page)
if rm:
    ro = obj(int(rm.group(1)))
    pdf = pdf[:ro.start(1)] + add_font(ro.group(1)) + pdf[ro.end(1):]
    page = obj(pages[0]).group(1)
    page2 = page.replace(m.group(0), "/Contents [ %d 0 R %s %d 0 R ]" % (pre, refs, post), 1)
else:
    page2 = page.replace(m.group(0), "/Contents [ %d 0 R %s %d 0 R ]" % (pre, refs, post), 1)
    i = page2.index("/Resources <<")
    page2 = page2[:i] + add_font(page2[i:])
po = obj(pages[0])
pdf = pdf[:po.start(1)] + page2 + pdf[po.end(1):]
add = ""
for n in sorted(list(new) + list(streams)):
    if n in new: add += "%d 0 obj\n%s\nendobj\n\n" % (n, new[n])
    else: add += "%d 0 obj\n<< /Length %d 0 R >>\nstream\n%sendstream\nendobj\n\n%d 0 obj\n%d\nendobj\n\n" % (n, n + 1, streams[n], n + 1, len(streams[n]))
i = pdf.rindex("\nxref\n")
pdf = pdf[:i + 1] + add + pdf[i + 1:]
pdf = re.sub(r"(trailer <<.*?/Size )\d+", lambda mm: mm.group(1) + str(size + 5), pdf, flags=re.S)
open(dst, "wb").write(pdf.encode("latin-1"))
s = 36 / 72.0
box = "%d %d %d %d" % (int(bx0 * s) - 1, int((H - by1) * s) - 1, int(bx1 * s) + 2, int((H - by0) * s) + 2) if how == 3 else "-"
key = {0: "Hartley-Prentice" if uk else "HARTLEY-PRENTICE", 1: "2025", 2: "15mg" if uk else "15MG", 3: "Sample"}[what]
print(how, key, box)
EOF
}

# pdf_sideways IN OUT NAME SEED: IN (the browser's print of the page, one
# page, opened by qpdf --qdf --object-streams=disable) with some of its text
# drawn turned inside the page's content, not by the page's /Rotate
# (pdfsideways, unseen170): the page's own content shrunk to 0.9 and moved up
# and right, freeing a strip along the left edge and a band along the foot;
# in the strip a form's margin line (neutral words: no person, date, dose or
# pharmacy) drawn at 90 degrees (running up) or 270 (running down); in the
# band, on two documents in three, a "COPY" stamp in a box at 15-45 degrees;
# and on some documents the whole of it drawn through a rotating cm (90 or
# 270 degrees) on a page of swapped sides, so that portrait content lies
# sideways on a landscape page. Which turns, words and places drawn from SEED
# and the document. Written as OUT (still QDF: run fix-qdf on it). Prints the
# page turn, the margin line's first word and the stamp's word ("-" if none).
pdf_sideways() {
  python3 - "$@" <<'PYEOF'
import hashlib, math, re, sys
src, dst, name, seed = sys.argv[1:5]
def pick(what, k): return int(hashlib.sha256(("%s pdfsideways %s %s" % (name, what, seed)).encode()).hexdigest(), 16) % k
pdf = open(src, "rb").read().decode("latin-1")
def obj(num):
    m = re.search(r"\n%d 0 obj\n(.*?)\nendobj\n" % num, pdf, re.S)
    if not m: sys.exit("heldout: pdfsideways: %s: no object %d" % (name, num))
    return m
pages = [int(n) for n in re.findall(r"\n(\d+) 0 obj\n<<(?:(?!endobj).)*?\n  /Type /Page\n", pdf, re.S)]
if len(pages) != 1: sys.exit("heldout: pdfsideways: %s: not one page (%d)" % (name, len(pages)))
size = int(re.search(r"/Size (\d+)", pdf.split("\ntrailer <<")[-1]).group(1))
font, pre, post = size, size + 1, size + 3
page = obj(pages[0]).group(1)
mbm = re.search(r"/MediaBox \[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]", page)
mb = [float(x) for x in mbm.groups()]
W, H = mb[2] - mb[0], mb[3] - mb[1]
turn = [0, 0, 90, 270][pick("turn", 4)]
s = 0.9
dx, dy = W * 0.07, H * 0.1
def esc(t): return t.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
margin = ["Copy for the case file - do not remove this page from the bundle",
          "Scanned to the matter file by the records team - page 1 of 1",
          "Document produced in disclosure - copy - page 1 of 1",
          "Office copy - retain with the correspondence clip"][pick("margin", 4)]
mfs = 8.0
mx = dx / 2
if pick("mdir", 2) == 0:   # 90: runs up the strip
    mtm, mang = "0 1 -1 0 %.2f %.2f" % (mx + mfs / 3, H * 0.18), 90
else:                      # 270: runs down it
    mtm, mang = "0 -1 1 0 %.2f %.2f" % (mx - mfs / 3, H * 0.82), 270
extra = "q 0.35 0.35 0.35 rg BT /FSide %.1f Tf %s Tm (%s) Tj ET Q\n" % (mfs, mtm, esc(margin))
stamp = "-"
if pick("stamp", 3) != 0:
    stamp = ["COPY", "FILE COPY", "TRUE COPY", "OFFICE COPY"][pick("word", 4)]
    ang = [15, 20, 30, 45][pick("angle", 4)]
    a = math.radians(ang)
    fs = 22.0
    while fs > 10 and (len(stamp) * fs * 0.68 + 12) * math.sin(a) + (fs + 10) * math.cos(a) > dy - 12: fs -= 1
    tw = len(stamp) * fs * 0.68
    x = W * (0.45 + pick("sx", 20) / 100.0)
    x = min(x, W - 10 - tw * math.cos(a) - 6)
    y = 6 + (fs + 10) * math.sin(a) if False else 8 + 5 * math.cos(a) + 5 * math.sin(a)
    c, sn = math.cos(a), math.sin(a)
    extra += ("q 0.72 0.08 0.08 RG 0.72 0.08 0.08 rg 1.2 w %.4f %.4f %.4f %.4f %.2f %.2f cm "
              "-5 -5 %.1f %.1f re S BT /FSide %.1f Tf 0 0 Td (%s) Tj ET Q\n") % (c, sn, -sn, c, x, y, tw + 10, fs + 8, fs, esc(stamp))
scale = "%.3f 0 0 %.3f %.2f %.2f cm" % (s, s, dx, dy)
if turn == 90:
    tcm, nmb = "0 1 -1 0 %.2f 0 cm " % H, (H, W)
elif turn == 270:
    tcm, nmb = "0 -1 1 0 0 %.2f cm " % W, (H, W)
else:
    tcm, nmb = "", (W, H)
streams = {pre: "q %sq %s\n" % (tcm, scale), post: "\nQ\n" + extra + "Q\n"}
new = {font: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"}
m = re.search(r"/Contents (\d+ 0 R|\[[^\]]*\])", page)
if not m: sys.exit("heldout: pdfsideways: %s: the page has no /Contents" % name)
refs = " ".join(m.group(1).strip("[]").split())
def add_font(d):
    if re.search(r"/Font <<", d): return d.replace("/Font <<", "/Font << /FSide %d 0 R" % font, 1)
    return d.replace("<<", "<<\n    /Font << /FSide %d 0 R >>" % font, 1)
rm = re.search(r"/Resources (\d+) 0 R", page)
if rm:
    ro = obj(int(rm.group(1)))
    pdf = pdf[:ro.start(1)] + add_font(ro.group(1)) + pdf[ro.end(1):]
    page = obj(pages[0]).group(1)
    page2 = page.replace(m.group(0), "/Contents [ %d 0 R %s %d 0 R ]" % (pre, refs, post), 1)
else:
    page2 = page.replace(m.group(0), "/Contents [ %d 0 R %s %d 0 R ]" % (pre, refs, post), 1)
    i = page2.index("/Resources <<")
    page2 = page2[:i] + add_font(page2[i:])
page2 = re.sub(r"/MediaBox \[[^\]]*\]", "/MediaBox [ 0 0 %.2f %.2f ]" % nmb, page2, count=1)
page2 = re.sub(r"/(CropBox|TrimBox|BleedBox|ArtBox) \[[^\]]*\]", lambda mm: "/%s [ 0 0 %.2f %.2f ]" % ((mm.group(1),) + nmb), page2)
if re.search(r"/Rotate [1-9]", page2): sys.exit("heldout: pdfsideways: %s: the print has a /Rotate already" % name)
po = obj(pages[0])
pdf = pdf[:po.start(1)] + page2 + pdf[po.end(1):]
add = ""
for n in sorted(list(new) + list(streams)):
    if n in new: add += "%d 0 obj\n%s\nendobj\n\n" % (n, new[n])
    else: add += "%d 0 obj\n<< /Length %d 0 R >>\nstream\n%sendstream\nendobj\n\n%d 0 obj\n%d\nendobj\n\n" % (n, n + 1, streams[n], n + 1, len(streams[n]))
i = pdf.rindex("\nxref\n")
pdf = pdf[:i + 1] + add + pdf[i + 1:]
pdf = re.sub(r"(trailer <<.*?/Size )\d+", lambda mm: mm.group(1) + str(size + 5), pdf, flags=re.S)
open(dst, "wb").write(pdf.encode("latin-1"))
print(turn, margin.split()[0], stamp.split()[-1] if stamp != "-" else "-")
PYEOF
}

# pdf_oddboxes IN OUT NAME SEED: IN (the browser's print of the page, one
# page, opened by qpdf --qdf --object-streams=disable) given an unusual but
# valid page geometry, as scanners, imposition tools and some generators
# write it (pdfoddboxes, unseen190); the page as a viewer shows it is still
# the document as designed. One of five kinds, drawn from SEED and the
# document: "offset", a /MediaBox that does not start at 0 0 (such as
# [-300 -400 295 442] or [1000 1000 1612 1792]), the content moved by a cm
# to sit in it; "rotate", a /Rotate of 90, 180 or 270 with the content drawn
# turned the other way by a cm (a landscape page for 90 and 270), in an
# offset /MediaBox; "crop", a /MediaBox larger than the page on every side
# and offset, a /CropBox the size of the page inside it, and outside the
# crop an imposition tool's crop marks and slug line (neutral words: no
# person, date, dose or pharmacy); "croprotate", the two together; and
# "userunit", a PDF 1.6 /UserUnit of 1.5 or 2 with the /MediaBox and the
# content scaled down by it (so the page's size in inches is unchanged), in
# an offset /MediaBox. Written as OUT (still QDF: run fix-qdf on it). Prints
# the kind, the /Rotate, the /UserUnit and the slug line's first word ("-"
# if none).
pdf_oddboxes() {
  python3 - "$@" <<'PYEOF'
import hashlib, re, sys
src, dst, name, seed = sys.argv[1:5]
def pick(what, k): return int(hashlib.sha256(("%s pdfoddboxes %s %s" % (name, what, seed)).encode()).hexdigest(), 16) % k
pdf = open(src, "rb").read().decode("latin-1")
def obj(num):
    m = re.search(r"\n%d 0 obj\n(.*?)\nendobj\n" % num, pdf, re.S)
    if not m: sys.exit("heldout: pdfoddboxes: %s: no object %d" % (name, num))
    return m
pages = [int(n) for n in re.findall(r"\n(\d+) 0 obj\n<<(?:(?!endobj).)*?\n  /Type /Page\n", pdf, re.S)]
if len(pages) != 1: sys.exit("heldout: pdfoddboxes: %s: not one page (%d)" % (name, len(pages)))
size = int(re.search(r"/Size (\d+)", pdf.split("\ntrailer <<")[-1]).group(1))
font, pre, post = size, size + 1, size + 3
page = obj(pages[0]).group(1)
if re.search(r"/Rotate [1-9]", page): sys.exit("heldout: pdfoddboxes: %s: the print has a /Rotate already" % name)
mbm = re.search(r"/MediaBox \[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]", page)
mb = [float(x) for x in mbm.groups()]
W, H = mb[2] - mb[0], mb[3] - mb[1]
pre_cm = "1 0 0 1 %.2f %.2f cm " % (-mb[0], -mb[1]) if mb[0] or mb[1] else ""
kind = ["offset", "rotate", "crop", "croprotate", "userunit"][pick("kind", 5)]
ox, oy = [(-300, -400), (1000, 1000), (-612, 0), (200, -800), (36, 5000), (-1200, 300)][pick("origin", 6)]
rot = [90, 180, 270][pick("rotate", 3)] if kind in ("rotate", "croprotate") else 0
uu = [1.5, 2.0][pick("userunit", 2)] if kind == "userunit" else 1.0
m = 0.0
if kind in ("crop", "croprotate"): m = [36.0, 54.0, 72.0, 90.0][pick("margin", 4)]
# The page's own content, W x H at 0 0, turned by the inverse of the /Rotate
# so that the viewer's turn puts it upright again; (w, h) is its box then.
if rot == 90:    turn, w, h = "0 1 -1 0 %.2f 0 cm " % H, H, W
elif rot == 270: turn, w, h = "0 -1 1 0 0 %.2f cm " % W, H, W
elif rot == 180: turn, w, h = "-1 0 0 -1 %.2f %.2f cm " % (W, H), W, H
else:            turn, w, h = "", W, H
s = 1.0 / uu
scale = "%.4f 0 0 %.4f 0 0 cm " % (s, s) if uu != 1.0 else ""
# Everything in default units /UserUnit: the page box is (w, h) / uu.
pw, ph = w * s, h * s
x0, y0 = ox, oy
cm = "1 0 0 1 %.2f %.2f cm %s%s%s" % (x0 + m, y0 + m, scale, turn, pre_cm)
media = (x0, y0, x0 + pw + 2 * m, y0 + ph + 2 * m)
crop = (x0 + m, y0 + m, x0 + m + pw, y0 + m + ph) if m else None
extra, slug = "", "-"
def esc(t): return t.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
if m:
    # An imposition tool's marks in the margin outside the crop: crop marks at
    # the four corners and a slug line along the foot, in the /MediaBox's own
    # coordinates (outside the page's turn).
    a, b, c, d = crop
    k = m * 0.6
    for (x, y, dx, dy) in ((a, b, -1, -1), (c, b, 1, -1), (a, d, -1, 1), (c, d, 1, 1)):
        extra += "%.2f %.2f m %.2f %.2f l S %.2f %.2f m %.2f %.2f l S\n" % (x + dx * 6, y, x + dx * k, y, x, y + dy * 6, x, y + dy * k)
    slug = ["Imposed sheet 1 of 1 - plate K - registration check",
            "Slug: job ticket 4417 - proof copy - sheet A",
            "Printer marks - trim to crop - sheet 1"][pick("slug", 3)]
    extra = "q 0 0 0 RG 0.5 w\n" + extra + "BT /FOdd 7 Tf %.2f %.2f Td (%s) Tj ET\nQ\n" % (a + 4, y0 + m * 0.3, esc(slug))
streams = {pre: "q %s\n" % cm, post: "\nQ\n" + extra}
new = {font: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"}
mc = re.search(r"/Contents (\d+ 0 R|\[[^\]]*\])", page)
if not mc: sys.exit("heldout: pdfoddboxes: %s: the page has no /Contents" % name)
refs = " ".join(mc.group(1).strip("[]").split())
def add_font(d):
    if re.search(r"/Font <<", d): return d.replace("/Font <<", "/Font << /FOdd %d 0 R" % font, 1)
    return d.replace("<<", "<<\n    /Font << /FOdd %d 0 R >>" % font, 1)
rm = re.search(r"/Resources (\d+) 0 R", page)
if rm:
    ro = obj(int(rm.group(1)))
    pdf = pdf[:ro.start(1)] + add_font(ro.group(1)) + pdf[ro.end(1):]
    page = obj(pages[0]).group(1)
    page2 = page.replace(mc.group(0), "/Contents [ %d 0 R %s %d 0 R ]" % (pre, refs, post), 1)
else:
    page2 = page.replace(mc.group(0), "/Contents [ %d 0 R %s %d 0 R ]" % (pre, refs, post), 1)
    i = page2.index("/Resources <<")
    page2 = page2[:i] + add_font(page2[i:])
page2 = re.sub(r"\n\s*/(CropBox|TrimBox|BleedBox|ArtBox) \[[^\]]*\]", "", page2)
page2 = re.sub(r"/MediaBox \[[^\]]*\]", lambda mm: "/MediaBox [ %.2f %.2f %.2f %.2f ]" % media
               + ("\n  /CropBox [ %.2f %.2f %.2f %.2f ]" % crop if crop else "")
               + ("\n  /Rotate %d" % rot if rot else "")
               + ("\n  /UserUnit %.1f" % uu if uu != 1.0 else ""), page2, count=1)
po = obj(pages[0])
pdf = pdf[:po.start(1)] + page2 + pdf[po.end(1):]
add = ""
for n in sorted(list(new) + list(streams)):
    if n in new: add += "%d 0 obj\n%s\nendobj\n\n" % (n, new[n])
    else: add += "%d 0 obj\n<< /Length %d 0 R >>\nstream\n%sendstream\nendobj\n\n%d 0 obj\n%d\nendobj\n\n" % (n, n + 1, streams[n], n + 1, len(streams[n]))
i = pdf.rindex("\nxref\n")
pdf = pdf[:i + 1] + add + pdf[i + 1:]
pdf = re.sub(r"(trailer <<.*?/Size )\d+", lambda mm: mm.group(1) + str(size + 5), pdf, flags=re.S)
if uu != 1.0: pdf = re.sub(r"^%PDF-1\.[0-5]", "%PDF-1.6", pdf)
open(dst, "wb").write(pdf.encode("latin-1"))
print(kind, rot, uu, slug.split()[0] if slug != "-" else "-")
PYEOF
}

# pdf_inherit IN OUT NAME SEED: IN (a one-page PDF opened by qpdf --qdf
# --object-streams=disable) rebuilt the way report generators and some
# pharmacy systems write a page (pdfinherit): the page tree nested (the root
# /Pages node holds a second /Pages node that holds the page), the page's
# /MediaBox and /Resources taken off the page and set on one parent node or
# the other (inherited), sometimes a /Rotate 90 on a parent with the content
# drawn turned the other way in a /MediaBox of swapped sides, so the page
# shows as before; the page's /Contents an array of 2-4 streams split in the
# middle of text objects (a BT in one stream, its ET in the next), or the
# page's whole content drawn inside a Form XObject one or two deep (each
# with its own /Resources, /BBox and a /Matrix that scales or moves it, the
# calling stream undoing it with a cm, split across two streams). Which of
# these is drawn from SEED and the document. Written as OUT (still QDF, the
# new streams' lengths as indirect objects: run fix-qdf on it). Prints what
# it chose.
# pdf_glyphs PRINT BACKGROUND OUT NAME SEED: the print's text drawn again the
# way canvas renderers and report tools write it (pdfglyphs, unseen167): no
# space characters at all (a gap is only a position), each glyph, word or
# short run of glyphs placed by its own text matrix at the print's own
# position, in the print's fonts and colours; the words drawn in reading
# order, each line's end before its start, or the right half of the page
# before the left; every third to sixth line drawn twice 0.3 pt apart (a
# faux bold). Which, from SEED and the document. The background is the
# print rendered without its text (Ghostscript's -dFILTERTEXT), so rules,
# boxes and fills stay as printed. Debian's python3-pdfminer and
# python3-reportlab, run by /usr/bin/python3.
pdf_glyphs() {
  /usr/bin/python3 - "$@" <<'EOF'
import hashlib, os, sys
from pdfminer.high_level import extract_pages
from pdfminer.layout import LTChar, LTTextLine, LTTextBox, LTAnno
from reportlab.pdfgen import canvas
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
src, bg, dst, name, seed = sys.argv[1:6]
def pick(what, k): return int(hashlib.sha256(("%s pdfglyphs %s %s" % (name, what, seed)).encode()).hexdigest(), 16) % k
def die(msg): sys.exit("heldout: pdfglyphs: %s: %s" % (name, msg))
FONTS = {}
def font(fn):
    f = fn.split("+")[-1].lower()
    fam = ("DejaVuSansMono" if "dejavusansmono" in f else "DejaVuSerif" if "dejavuserif" in f else
           "DejaVuSans" if "dejavu" in f else "LiberationMono" if "mono" in f or "courier" in f else
           "LiberationSerif" if "serif" in f or "times" in f else "LiberationSans")
    bold, ital = "bold" in f, ("italic" in f or "oblique" in f)
    if fam.startswith("DejaVu"):
        suf = {(0, 0): "", (1, 0): "-Bold", (0, 1): "-Oblique" if "Sans" in fam else "-Italic",
               (1, 1): "-BoldOblique" if "Sans" in fam else "-BoldItalic"}[(bold, ital)]
        path = "/usr/share/fonts/truetype/dejavu/%s%s.ttf" % (fam, suf)
    else:
        suf = {(0, 0): "-Regular", (1, 0): "-Bold", (0, 1): "-Italic", (1, 1): "-BoldItalic"}[(bold, ital)]
        path = "/usr/share/fonts/truetype/liberation/%s%s.ttf" % (fam, suf)
    key = os.path.basename(path)[:-4]
    if key not in FONTS:
        pdfmetrics.registerFont(TTFont(key, path)); FONTS[key] = 1
    return key
def colour(ch):
    c = getattr(ch.graphicstate, "ncolor", None)
    if c is None: return (0, 0, 0)
    if isinstance(c, (int, float)): return (c, c, c)
    c = list(c)
    if len(c) == 1: return (c[0],) * 3
    if len(c) == 4: k = c[3]; return tuple((1 - x) * (1 - k) for x in c[:3])
    return tuple(c[:3])
pages = list(extract_pages(src))
if len(pages) != 1: die("the print has %d pages" % len(pages))
page = pages[0]
W, H = page.width, page.height
lines = []  # each line: list of words; each word: list of (char, x, y, size, font, colour)
def walk(o):
    if isinstance(o, LTTextLine):
        words, cur = [], []
        for ch in o:
            if isinstance(ch, LTChar) and ch.get_text().strip():
                m = ch.matrix
                if abs(m[1]) > 1e-3 or abs(m[2]) > 1e-3: die("rotated text")
                cur.append((ch.get_text(), m[4], m[5], ch.size, font(ch.fontname), colour(ch)))
            elif cur: words.append(cur); cur = []
        if cur: words.append(cur)
        if words: lines.append(words)
    elif hasattr(o, "__iter__"):
        for x in o: walk(x)
walk(page)
if not lines: die("no text in the print")
gran = pick("granularity", 3)      # 0: a text matrix per glyph, 1: per word, 2: runs of 2-3 glyphs
order = pick("order", 3)           # 0: reading order, 1: each line's end before its start, 2: right half of the page first
nbold = 3 + pick("bold", 4)        # every nbold-th line drawn twice, 0.3 pt apart (faux bold)
seq = []
for i, ws in enumerate(lines):
    if order == 1: ws = ws[::-1]
    seq.append((i, ws))
if order == 2:
    right = [(i, [w for w in ws if w[0][1] >= W / 2]) for i, ws in seq]
    left = [(i, [w for w in ws if w[0][1] < W / 2]) for i, ws in seq]
    seq = [x for x in right if x[1]] + [x for x in left if x[1]]
c = canvas.Canvas(dst, pagesize=(W, H), pageCompression=1)
c.setTitle(name)
c.drawImage(bg, 0, 0, W, H)
def runs(word, k):
    if gran == 0: return [[g] for g in word]
    if gran == 1: return [word]
    out, j = [], 0
    while j < len(word):
        n = 2 + (pick("run %d %d" % (k, j), 2)); out.append(word[j:j + n]); j += n
    return out
k = 0
for i, ws in seq:
    passes = [0, 0.3] if i % nbold == nbold - 1 else [0]
    for dx in passes:
        for w in ws:
            k += 1
            for r in runs(w, k):
                ch, x, y, size, fn, col = r[0]
                c.setFillColorRGB(*col)
                t = c.beginText()
                t.setFont(fn, size)
                t.setTextOrigin(x + dx, y)
                t.textOut("".join(g[0] for g in r))
                c.drawText(t)
c.showPage(); c.save()
print("granularity %d order %d bold every %d lines" % (gran, order, nbold))
EOF
}

pdf_inherit() {
  python3 - "$@" <<'EOF'
import hashlib, re, sys
src, dst, name, seed = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
def pick(what, k): return int(hashlib.sha256(("%s pdfinherit %s %s" % (name, what, seed)).encode()).hexdigest(), 16) % k
def die(msg): sys.exit("heldout: pdfinherit: %s: %s" % (name, msg))
pdf = open(src, "rb").read().decode("latin-1")
def obj(num):
    m = re.search(r"\n%d 0 obj\n(.*?)\nendobj\n" % num, pdf, re.S)
    if not m: die("no object %d" % num)
    return m
def value(d, key):
    # The span (start, end) of KEY's value in the dictionary text d, or None.
    m = re.search(r"%s(?=[\s/<\[(])" % re.escape(key), d)
    if not m: return None
    i = m.end()
    while d[i] in " \t\r\n": i += 1
    if d.startswith("<<", i) or d[i] == "[":
        depth, j = 0, i
        while True:
            if d.startswith("<<", j): depth += 1; j += 2; continue
            if d.startswith(">>", j): depth -= 1; j += 2
            elif d[j] == "[": depth += 1; j += 1
            elif d[j] == "]": depth -= 1; j += 1
            else: j += 1; continue
            if depth == 0: return m.start(), i, j
    r = re.match(r"\d+ \d+ R|/?[^\s/<>\[\]()]+", d[i:])
    return m.start(), i, i + r.end()
def drop(d, key):
    v = value(d, key)
    if v is None: return d, None
    return d[:v[0]] + d[v[2]:], d[v[1]:v[2]]
def stream_of(num):
    m = re.search(r"\n%d 0 obj\n<<(.*?)>>\nstream\n(.*?)endstream\nendobj\n" % num, pdf, re.S)
    if not m: die("object %d is not a stream" % num)
    if "/Filter" in m.group(1): die("object %d is still compressed" % num)
    return m.group(2)
pages = [int(n) for n in re.findall(r"\n(\d+) 0 obj\n<<(?:(?!endobj).)*?\n  /Type /Page\n", pdf, re.S)]
roots = [int(n) for n in re.findall(r"\n(\d+) 0 obj\n<<(?:(?!endobj).)*?\n  /Type /Pages\n", pdf, re.S)]
if len(pages) != 1 or len(roots) != 1: die("not one page and one page tree node (%d, %d)" % (len(pages), len(roots)))
pnum, rnum = pages[0], roots[0]
size = int(re.search(r"/Size (\d+)", pdf.split("\ntrailer <<")[-1]).group(1))
nxt = [size]
def alloc(k=1):
    n = nxt[0]; nxt[0] += k; return n
page = obj(pnum).group(1)
page, mbox = drop(page, "/MediaBox")
page, res = drop(page, "/Resources")
page, contents = drop(page, "/Contents")
if mbox is None or res is None or contents is None: die("the page lacks /MediaBox, /Resources or /Contents")
if value(page, "/Rotate") is not None: die("the page already has /Rotate")
mb = [float(x) for x in re.findall(r"-?[\d.]+", mbox)]
if len(mb) != 4 or mb[0] != 0 or mb[1] != 0: die("unexpected /MediaBox %s" % mbox.split())
W, H = mb[2], mb[3]
refs = [int(n) for n in re.findall(r"(\d+) 0 R", contents)]
body = "\n".join(stream_of(n).rstrip("\n") for n in refs) + "\n"
# What is drawn: the content split at text objects (half the documents), or
# inside one or two Form XObjects; a /Rotate 90 on a parent for one in three.
depth = [0, 0, 1, 2][pick("depth", 4)]
rotate = pick("rotate", 3) == 0
mb_on, res_on = pick("mediabox on", 2), pick("resources on", 2)   # 0: the root, 1: the middle node
streams, objs = [], {}
pre = "q 0 1 -1 0 %s 0 cm\n" % ("%g" % H) if rotate else ""
post = "Q\n" if rotate else ""
if depth == 0:
    # Split inside text objects: after the first line following a BT whose ET
    # comes later, so each cut leaves a BT in one stream and its ET in the next.
    cuts, pos = [], 0
    for m in re.finditer(r"(?m)^BT\n", body):
        j = body.find("\n", m.end())
        et = body.find("\nET\n", m.end())
        if j < 0 or et < 0 or j >= et: continue
        cuts.append(j + 1)
    if not cuts: die("no text object to split")
    want = 1 + pick("cuts", 3)
    step = max(1, len(cuts) // (want + 1))
    chosen = sorted(set(cuts[min(len(cuts) - 1, step * (i + 1))] for i in range(want)))
    parts, last = [], 0
    for c in chosen: parts.append(body[last:c]); last = c
    parts.append(body[last:])
    parts[0] = pre + parts[0]; parts[-1] = parts[-1] + post
    streams = [(p, "") for p in parts]
    page_res = res
    how = "split %d streams at text objects" % len(parts)
else:
    mats = [(0.5, 0, 0), (2, 0, 0), (1, 0, -H), (1, W / 4, H / 4), (0.8, 20, 30), (1.25, -36, -48)]
    inner_res, inner_body, names, mdesc = res, body, [], []
    for level in range(depth):
        s, tx, ty = mats[pick("matrix %d" % level, len(mats))]
        fnum = alloc(2)
        fname = "/Fx%d" % (depth - level)
        inv = "%g 0 0 %g %g %g cm" % (1 / s, 1 / s, -tx / s, -ty / s)
        objs[fnum] = ("<< /Type /XObject /Subtype /Form /FormType 1 /BBox [ 0 0 %g %g ] /Matrix [ %g 0 0 %g %g %g ] /Resources %s >>", (W, H, s, s, tx, ty, inner_res), inner_body)
        mdesc.append("[%g 0 0 %g %g %g]" % (s, s, tx, ty))
        inner_res = "<< /XObject << %s %d 0 R >> >>" % (fname, fnum)
        inner_body = "q %s\n%s Do\nQ\n" % (inv, fname)
    # The page's own streams call the outermost form, split between the cm and the Do.
    call = inner_body.split("\n", 1)
    streams = [(pre + call[0] + "\n", ""), (call[1] + post, "")]
    page_res = inner_res
    how = "form xobjects %d deep, matrices %s" % (depth, " ".join(reversed(mdesc)))
# The page tree: root -> middle -> page, the inherited entries on the chosen node.
mid = alloc()
if rotate: mbox_txt = "[ 0 0 %g %g ]" % (H, W)
else: mbox_txt = mbox
rot_on = pick("rotate on", 2)
def entries(which):
    e = ""
    if mb_on == which: e += "\n  /MediaBox %s" % mbox_txt
    if res_on == which: e += "\n  /Resources %s" % page_res
    if rotate and rot_on == which: e += "\n  /Rotate 90"
    return e
root = obj(rnum).group(1)
root, _ = drop(root, "/Kids")
root = root.replace("<<", "<<\n  /Kids [ %d 0 R ]" % mid, 1)
root = root.rstrip()
if root.endswith(">>"): root = root[:-2].rstrip() + entries(0) + "\n>>"
objs[mid] = ("<<\n  /Type /Pages\n  /Parent %d 0 R\n  /Kids [ %d 0 R ]\n  /Count 1%s\n>>" % (rnum, pnum, entries(1)), None, None)
snums = []
for text, _ in streams:
    n = alloc(2); snums.append(n); objs[n] = (None, None, text)
page = re.sub(r"/Parent \d+ 0 R", "/Parent %d 0 R" % mid, page, 1)
page = page.rstrip()
page = page[:-2].rstrip() + "\n  /Contents [ %s ]\n>>" % " ".join("%d 0 R" % n for n in snums)
ro, po = obj(rnum), obj(pnum)
# Replace the later object first so the earlier span stays put.
for m, new in sorted([(ro, root), (po, page)], key=lambda t: -t[0].start(1)):
    pdf = pdf[:m.start(1)] + new + pdf[m.end(1):]
# The old content streams are left unreferenced (qpdf drops them on rewrite).
add = ""
for n in sorted(objs):
    head, args, text = objs[n]
    if head is None and text is None: continue
    if text is None:
        add += "%d 0 obj\n%s\nendobj\n\n" % (n, head)
        continue
    if head is None: d = "<< /Length %d 0 R >>" % (n + 1)
    else: d = (head % args).replace("<< /Type /XObject", "<< /Length %d 0 R /Type /XObject" % (n + 1), 1)
    add += "%d 0 obj\n%s\nstream\n%sendstream\nendobj\n\n%d 0 obj\n%d\nendobj\n\n" % (n, d, text, n + 1, len(text))
i = pdf.rindex("\nxref\n")
pdf = pdf[:i + 1] + add + pdf[i + 1:]
pdf = re.sub(r"(trailer <<.*?/Size )\d+", lambda mm: mm.group(1) + str(nxt[0]), pdf, flags=re.S)
open(dst, "wb").write(pdf.encode("latin-1"))
print(how, "| rotate" if rotate else "| upright", "| mediabox on", ["root", "middle"][mb_on], "| resources on", ["root", "middle"][res_on])
EOF
}

# pdf_tounicode_break IN OUT MODE SHIFT SALT: IN (a QDF file, qpdf --qdf
# --object-streams=disable) with its fonts' /ToUnicode CMaps made useless,
# written as OUT (still QDF: run fix-qdf on it). MODE 0 drops every
# /ToUnicode entry (extraction falls back to the glyph ids of the subset
# fonts); MODE 1 keeps the CMaps but shifts every Unicode value by SHIFT (a
# report writer's off-by-n table); MODE 2 keeps them but deals the Unicode
# values out again among the font's glyphs in an order drawn from SALT (a
# "print to PDF" driver's scrambled table). The page's drawing is not
# touched. pdfnotounicode.
pdf_tounicode_break() {
  python3 - "$@" <<'EOF'
import random, re, sys
src, dst, mode, shift, salt = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
pdf = open(src, "rb").read()
refs = re.findall(rb"/ToUnicode (\d+) 0 R", pdf)
if not refs: sys.exit("heldout: pdfnotounicode: %s has no /ToUnicode CMap to break" % src)
if mode == 0:
    pdf = re.sub(rb"\n *?/ToUnicode \d+ 0 R", b"", pdf)
    open(dst, "wb").write(pdf); sys.exit(0)
def hexs(s): return bytes.fromhex(s.decode()).decode("utf-16-be")
def enc(u): return u.encode("utf-16-be").hex().upper().encode()
rng = random.Random(salt)
for num in sorted(set(refs), key=int):
    m = re.search(rb"\n%d 0 obj\n<<.*?>>\nstream\n(.*?)endstream" % int(num), pdf, re.S)
    if not m: sys.exit("heldout: pdfnotounicode: object %s is not a stream" % num.decode())
    body, cmap = m.group(1), {}
    for blk in re.findall(rb"beginbfchar(.*?)endbfchar", body, re.S):
        for a, b in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", blk):
            cmap[int(a, 16)] = hexs(b)
    for blk in re.findall(rb"beginbfrange(.*?)endbfrange", body, re.S):
        for lo, hi, rest in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])", blk):
            lo, hi = int(lo, 16), int(hi, 16)
            if rest.startswith(b"["):
                for i, d in enumerate(re.findall(rb"<([0-9A-Fa-f]+)>", rest)): cmap[lo + i] = hexs(d)
            else:
                first = hexs(rest[1:-1])
                for i in range(hi - lo + 1): cmap[lo + i] = first[:-1] + chr(ord(first[-1]) + i)
    codes = sorted(cmap)
    if mode == 1:
        new = {c: "".join(chr(min(ord(ch) + shift, 0xFFFD)) for ch in cmap[c]) for c in codes}
    else:
        vals = [cmap[c] for c in codes]
        while len(vals) > 1:
            perm = vals[:]; rng.shuffle(perm)
            if perm != vals: break
        new = dict(zip(codes, perm if len(vals) > 1 else vals))
    lines = []
    for i in range(0, len(codes), 100):
        chunk = codes[i:i + 100]
        lines.append(b"%d beginbfchar" % len(chunk))
        lines += [b"<%04X> <%s>" % (c, enc(new[c])) for c in chunk]
        lines.append(b"endbfchar")
    head = body[:body.index(b"begincodespacerange")]
    tail = body[body.index(b"endcmap"):]
    cs = re.search(rb"begincodespacerange.*?endcodespacerange\n", body, re.S).group(0)
    newbody = head + cs + b"\n".join(lines) + b"\n" + tail
    pdf = pdf[:m.start(1)] + newbody + pdf[m.end(1):]
open(dst, "wb").write(pdf)
EOF
}

# jpx_to_pdf OUT DPI JP2: one PDF page holding a JPEG 2000 image as it is
# (the JP2 file in a /JPXDecode stream, PDF 1.5), as some document scanners
# and archive tools write a scan; the page as large as the image at DPI, no
# text layer. ImageMagick encodes the JPEG 2000 (its policy here forbids
# writing PDF, so this wraps it, as jpegs_to_pdf does JPEG). pdfjpx.
# pdf_gradienttext IN.qdf OUT.qdf NAME SEED: rewrite a browser-printed page
# (qpdf --qdf) as design tools export one (unseen180): headings (text at
# least 1.3 times the page's body size) and bold lines drawn as Canva, Figma
# or InDesign draw them: text as a clip (render mode 7) filled by a linear
# gradient (sh), fill with a stroke outline (mode 2), stroke only (mode 1,
# headings only), white text knocked out of a coloured band, and a pale
# background image multiplied under the print. The text objects keep their
# strings, so the text stays extractable. Prints what it drew.
pdf_gradienttext() {
  python3 - "$@" <<'EOF'
import hashlib, re, sys, zlib
src, dst, name, seed = sys.argv[1:5]
def pick(what, k): return int(hashlib.sha256(("%s pdfgradienttext %s %s" % (name, what, seed)).encode()).hexdigest(), 16) % k
pdf = open(src, "rb").read().decode("latin-1")
def obj(num):
    m = re.search(r"\n%d 0 obj\n(.*?)\nendobj\n" % num, pdf, re.S)
    if not m: sys.exit("heldout: pdfgradienttext: %s: no object %d" % (name, num))
    return m
pages = [int(n) for n in re.findall(r"\n(\d+) 0 obj\n<<(?:(?!endobj).)*?\n  /Type /Page\n", pdf, re.S)]
if len(pages) != 1: sys.exit("heldout: pdfgradienttext: %s: not one page (%d)" % (name, len(pages)))
size = int(re.search(r"/Size (\d+)", pdf.split("\ntrailer <<")[-1]).group(1))
page = obj(pages[0]).group(1)
mb = [float(x) for x in re.search(r"/MediaBox \[\s*([-\d.\s]+)\]", page).group(1).split()]
rm = re.search(r"/Resources (\d+) 0 R", page)
res = obj(int(rm.group(1))).group(1) if rm else page[page.index("/Resources <<"):]
# Fonts: name -> (bold, widths by glyph id, default width), from the
# descendant CIDFont's /W array.
fonts = {}
fm = re.search(r"/Font\s*<<(.*?)>>", res, re.S)
for fname, fnum in re.findall(r"(/F\w+) (\d+) 0 R", fm.group(1) if fm else ""):
    fo = obj(int(fnum)).group(1)
    bold = "Bold" in (re.search(r"/BaseFont /(\S+)", fo) or [None, ""])[1] if re.search(r"/BaseFont", fo) else False
    widths, dw = {}, 1000.0
    dm = re.search(r"/DescendantFonts \[\s*(\d+) 0 R", fo)
    if dm:
        do = obj(int(dm.group(1))).group(1)
        if re.search(r"/DW (\d+)", do): dw = float(re.search(r"/DW (\d+)", do).group(1))
        wm = re.search(r"/W (\d+) 0 R", do)
        wtxt = obj(int(wm.group(1))).group(1) if wm else (re.search(r"/W \[(.*?)\]\s*\n  /", do + "\n  /", re.S) or [None, ""])[1]
        toks = re.findall(r"\[|\]|-?\d+\.?\d*", wtxt)
        i = 0
        while i < len(toks):
            if toks[i] in "[]": i += 1; continue
            c = int(float(toks[i]))
            if i + 1 < len(toks) and toks[i + 1] == "[":
                j = i + 2
                while toks[j] != "]": widths[c] = float(toks[j]); c += 1; j += 1
                i = j + 1
            elif i + 2 < len(toks):
                for g in range(c, int(float(toks[i + 1])) + 1): widths[g] = float(toks[i + 2])
                i += 3
            else: break
    fonts[fname] = (bold, widths, dw)
m = re.search(r"/Contents (\d+ 0 R|\[[^\]]*\])", page)
refs = [int(x) for x in re.findall(r"(\d+) 0 R", m.group(1))]
def stream(num):
    mm = re.search(r"\n%d 0 obj\n<<.*?>>\nstream\n(.*?)endstream\n" % num, pdf, re.S)
    if not mm: sys.exit("heldout: pdfgradienttext: %s: content %d is no stream" % (name, num))
    return mm
BT = re.compile(r"(?<=\n)BT\n(.*?)\nET(?=\n)", re.S)
def measure(body):
    f = re.search(r"(/F\w+) (-?[\d.]+) Tf", body); t = re.search(r"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) Tm", body)
    if not f or not t: return None
    fn, sz = f.group(1), float(f.group(2))
    bold, widths, dw = fonts.get(fn, (False, {}, 1000.0))
    x0, y0 = float(t.group(5)), float(t.group(6))
    x, right, n = 0.0, 0.0, 0
    for op in re.finditer(r"(-?[\d.]+) (-?[\d.]+) Td|<([0-9a-fA-F]*)> Tj|\[(.*?)\] TJ", body, re.S):
        if op.group(1) is not None: x += float(op.group(1)); continue
        hexs = op.group(3) if op.group(3) is not None else "".join(re.findall(r"<([0-9a-fA-F]*)>", op.group(4)))
        gl = [int(hexs[k:k + 4], 16) for k in range(0, len(hexs) - 3, 4)]
        n += len(gl)
        right = max(right, x + sum(widths.get(g, dw) for g in gl) * sz / 1000, x + len(gl) * 0.66 * sz)
    # Each run never narrower than 0.66 em a glyph: a band or a gradient a
    # little long is a design; one too short would leave white on white.
    return dict(size=sz, bold=bold, x0=x0, y0=y0, x1=x0 + right, n=n)
blocks = []
for r in refs:
    for b in BT.finditer(stream(r).group(1)):
        mm = measure(b.group(1))
        if mm: blocks.append(mm)
if not blocks: sys.exit("heldout: pdfgradienttext: %s: no text on the page" % name)
tally = {}
for b in blocks: tally[b["size"]] = tally.get(b["size"], 0) + b["n"]
body = max(tally, key=lambda s: (tally[s], -s))
style = pick("style", 4)
palettes = [((0.16, 0.10, 0.42), (0.62, 0.10, 0.38)), ((0.05, 0.30, 0.33), (0.10, 0.16, 0.48)),
            ((0.45, 0.08, 0.18), (0.60, 0.25, 0.05)), ((0.08, 0.08, 0.10), (0.42, 0.16, 0.52)),
            ((0.30, 0.12, 0.30), (0.10, 0.32, 0.45))]
c0, c1 = palettes[pick("palette", len(palettes))]
if pick("flip", 2): c0, c1 = c1, c0
vertical = pick("direction", 3) == 0
bg = style == 3 or pick("background", 3) == 0
def f3(c): return "%.3f %.3f %.3f" % c
shadings, drawn = [], {"gradient": 0, "outline": 0, "strokeonly": 0, "knockout": 0}
def heading(b): return b["size"] >= 1.3 * body and b["n"] >= 2
def boldline(b): return b["bold"] and not heading(b) and b["n"] >= 3
def rewrite(mt):
    inner = mt.group(1)
    b = measure(inner)
    if not b: return mt.group(0)
    before = mt.string[:mt.start()]
    fills = re.findall(r"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) rg", before[-4000:] + inner)
    if fills and 0.3 * float(fills[-1][0]) + 0.59 * float(fills[-1][1]) + 0.11 * float(fills[-1][2]) > 0.5:
        return mt.group(0)
    if heading(b): kind = ["gradient", "outline", "knockout", "strokeonly"][style]
    elif boldline(b): kind = ["gradient", "gradient", "outline", "gradient"][style]
    else: return mt.group(0)
    s = b["size"]; top, bot = b["y0"] - 0.95 * s, b["y0"] + 0.28 * s
    drawn[kind] += 1
    if kind == "gradient":
        shadings.append("<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [ %.2f %.2f %.2f %.2f ] /Function << /FunctionType 2 /Domain [ 0 1 ] /C0 [ %s ] /C1 [ %s ] /N 1 >> /Extend [ true true ] >>"
                        % (((b["x0"], top, b["x0"], bot) if vertical else (b["x0"], top, b["x1"], top)) + (f3(c0), f3(c1))))
        return "q\nBT\n7 Tr\n%s\nET\n/ShG%d sh\nQ" % (inner, len(shadings))
    if kind == "outline":
        w = max(0.35, s * (0.045 if heading(b) else 0.03))
        fill = tuple(0.35 * x + 0.65 * y for x, y in zip(c1, (0.55, 0.55, 0.6))) if heading(b) else c1
        return "q\n%s rg\n%s RG\n%.2f w\n1 j\nBT\n2 Tr\n%s\nET\nQ" % (f3(fill), f3(c0), w, inner)
    if kind == "strokeonly":
        return "q\n%s RG\n%.2f w\n1 j\nBT\n1 Tr\n%s\nET\nQ" % (f3(c0), max(0.6, s * 0.05), inner)
    pad = 0.35 * s
    return "q\n%s rg\n%.2f %.2f %.2f %.2f re\nf\n1 1 1 rg\nBT\n%s\nET\nQ" % (f3(c0), b["x0"] - pad, top - 0.08 * s, b["x1"] - b["x0"] + 2 * pad, bot - top + 0.12 * s, inner)
for r in refs:
    mm = stream(r)
    new = BT.sub(rewrite, mm.group(1))
    pdf = pdf[:mm.start(1)] + new + pdf[mm.end(1):]
if sum(drawn.values()) == 0: sys.exit("heldout: pdfgradienttext: %s: no heading or bold line to draw (body %.1f)" % (name, body))
nxt = size; add = ""
xo = ""
if bg:
    # A pale background image: soft blobs of the palette's hue, 96x128,
    # multiplied under the print (the paper tinted, the print as dark).
    W, H = 96, 128
    cx = [(pick("bx%d" % i, W), pick("by%d" % i, H), 20 + pick("br%d" % i, 40)) for i in range(4)]
    px = bytearray()
    for yy in range(H):
        for xx in range(W):
            v = sum(max(0.0, 1 - ((xx - a) ** 2 + (yy - c) ** 2) ** 0.5 / rr) for a, c, rr in cx)
            v = min(1.0, v) * 0.13
            px += bytes(int(255 * (1 - v * (1 - ch))) for ch in c1)
    z = zlib.compress(bytes(px), 9)
    add += "%d 0 obj\n<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB /BitsPerComponent 8 /Interpolate true /Filter /FlateDecode /Length %d 0 R >>\nstream\n" % (nxt, W, H, nxt + 1)
    add += z.decode("latin-1") + "\nendstream\nendobj\n\n%d 0 obj\n%d\nendobj\n\n" % (nxt + 1, len(z) + 1)
    add += "%d 0 obj\n<< /Type /ExtGState /BM /Multiply /ca 1 >>\nendobj\n\n" % (nxt + 2)
    mm = stream(refs[0])
    pdf = pdf[:mm.start(1)] + "q\n" + pdf[mm.start(1):]
    mm = stream(refs[-1])
    pdf = pdf[:mm.end(1)] + "\nQ\nq\n/GSbgmul gs\n%.3f 0 0 %.3f %.3f %.3f cm\n/BgIm Do\nQ\n" % (mb[2] - mb[0], mb[3] - mb[1], mb[0], mb[1]) + pdf[mm.end(1):]
    xo = "/BgIm %d 0 R" % nxt
    nxt += 3
def add_res(d):
    if shadings:
        sd = " ".join("/ShG%d %s" % (i + 1, s) for i, s in enumerate(shadings))
        d = d.replace("/Shading <<", "/Shading << " + sd, 1) if "/Shading <<" in d else d.replace("<<", "<<\n    /Shading << %s >>" % sd, 1)
    if xo:
        d = d.replace("/XObject <<", "/XObject << " + xo, 1) if "/XObject <<" in d else d.replace("<<", "<<\n    /XObject << %s >>" % xo, 1)
        g = "/GSbgmul %d 0 R" % (nxt - 1)
        d = d.replace("/ExtGState <<", "/ExtGState << " + g, 1) if "/ExtGState <<" in d else d.replace("<<", "<<\n    /ExtGState << %s >>" % g, 1)
    return d
if rm:
    ro = obj(int(rm.group(1)))
    pdf = pdf[:ro.start(1)] + add_res(ro.group(1)) + pdf[ro.end(1):]
else:
    po = obj(pages[0]); pg = po.group(1); i = pg.index("/Resources <<")
    pdf = pdf[:po.start(1)] + pg[:i] + add_res(pg[i:]) + pdf[po.end(1):]
if add:
    i = pdf.rindex("\nxref\n")
    pdf = pdf[:i + 1] + add + pdf[i + 1:]
    pdf = re.sub(r"(trailer <<.*?/Size )\d+", lambda mm: mm.group(1) + str(nxt), pdf, flags=re.S)
open(dst, "wb").write(pdf.encode("latin-1"))
print("style%d" % style, " ".join("%s=%d" % kv for kv in drawn.items() if kv[1]), "background" if bg else "")
EOF
}

jpx_to_pdf() {
  python3 - "$@" <<'EOF'
import struct, sys
jp2 = open(sys.argv[3], "rb").read()
def boxes(data, start, end):
    i = start
    while i < end:
        length, kind = struct.unpack(">I4s", data[i:i + 8])
        head = 8
        if length == 1:
            length, head = struct.unpack(">Q", data[i + 8:i + 16])[0], 16
        elif length == 0:
            length = end - i
        yield kind, i + head, i + length
        i += length
ihdr = None
for kind, a, b in boxes(jp2, 0, len(jp2)):
    if kind == b"jp2h":
        for k2, a2, b2 in boxes(jp2, a, b):
            if k2 == b"ihdr":
                ihdr = jp2[a2:b2]
if ihdr is None:
    sys.exit("heldout: %s: not a JP2 file (no ihdr box)" % sys.argv[3])
h, w, comps = struct.unpack(">IIH", ihdr[:10])
cs = {1: b"/DeviceGray", 3: b"/DeviceRGB"}[comps]
dpi = float(sys.argv[2])
pw, ph = w * 72 / dpi, h * 72 / dpi
draw = b"q %.2f 0 0 %.2f 0 0 cm /Im0 Do Q" % (pw, ph)
objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>" % (pw, ph),
        b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace %s /BitsPerComponent 8 /Filter /JPXDecode /Length %d >>\nstream\n" % (w, h, cs, len(jp2)) + jp2 + b"\nendstream",
        b"<< /Length %d >>\nstream\n" % len(draw) + draw + b"\nendstream"]
out, offsets = b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n", []
for i, o in enumerate(objs, 1):
    offsets.append(len(out))
    out += b"%d 0 obj\n" % i + o + b"\nendobj\n"
xref = len(out)
out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1) + b"".join(b"%010d 00000 n \n" % o for o in offsets)
out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
open(sys.argv[1], "wb").write(out)
EOF
}

# pdf_aes128 IN OUT OWNER PERMISSIONS SALT: IN (an unencrypted PDF with a
# classic xref table and no object streams, as Ghostscript's pdfwrite
# writes it) encrypted with the standard security handler, revision 4,
# AES-128 (AESV2): empty user password, OWNER as the owner password,
# PERMISSIONS as /P; every string and stream encrypted with its object's
# key, the initialisation vectors drawn from SALT so that a run is
# repeatable. Ghostscript's pdfwrite encrypts only with RC4 (revisions 2
# and 3), and no qpdf is installed here, so the script does it. pdfprotect.
pdf_aes128() {
  python3 - "$@" <<'EOF'
import hashlib, re, subprocess, sys
src, dst, owner, perms, salt = sys.argv[1], sys.argv[2], sys.argv[3].encode(), int(sys.argv[4]), sys.argv[5]
PAD = bytes.fromhex("28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A")
def rc4(key, data):
    S, j = list(range(256)), 0
    for i in range(256):
        j = (j + S[i] + key[i % len(key)]) % 256; S[i], S[j] = S[j], S[i]
    i = j = 0; out = bytearray()
    for b in data:
        i = (i + 1) % 256; j = (j + S[i]) % 256; S[i], S[j] = S[j], S[i]
        out.append(b ^ S[(S[i] + S[j]) % 256])
    return bytes(out)
def aes_cbc(key, iv, data):
    n = 16 - len(data) % 16; data += bytes([n]) * n
    try:
        from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
        e = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor(); return iv + e.update(data) + e.finalize()
    except ImportError:
        return iv + subprocess.run(["openssl", "enc", "-aes-128-cbc", "-nopad", "-K", key.hex(), "-iv", iv.hex()],
                                   input=data, capture_output=True, check=True).stdout
pdf = open(src, "rb").read()
sx = int(re.findall(rb"startxref\s+(\d+)", pdf)[-1])
m = re.match(rb"xref\s+0\s+(\d+)\s+", pdf[sx:])
if not m: sys.exit("heldout: pdfprotect: %s has no classic xref table" % src)
count, p, offs = int(m.group(1)), sx + m.end(), {}
for num in range(count):
    ent = pdf[p + 20 * num:p + 20 * num + 18].split()
    if ent[2] == b"n": offs[num] = int(ent[0])
trailer = pdf[pdf.index(b"trailer", sx):]
ids = re.search(rb"/ID\s*\[\s*<([0-9A-Fa-f]+)>", trailer)
if not ids or b"/ObjStm" in pdf or b"/Encrypt" in trailer: sys.exit("heldout: pdfprotect: %s is not a plain pdfwrite PDF" % src)
id0 = bytes.fromhex(ids.group(1).decode())
# Algorithms 3, 2 and 5 of the PDF reference (revision 4, 128-bit key).
h = hashlib.md5((owner + PAD)[:32]).digest()
for _ in range(50): h = hashlib.md5(h).digest()
O = rc4(h, PAD)
for i in range(1, 20): O = rc4(bytes(b ^ i for b in h), O)
Pb = (perms & 0xFFFFFFFF).to_bytes(4, "little")
k = hashlib.md5(PAD + O + Pb + id0).digest()
for _ in range(50): k = hashlib.md5(k).digest()
U = rc4(k, hashlib.md5(PAD + id0).digest())
for i in range(1, 20): U = rc4(bytes(b ^ i for b in k), U)
U += bytes(16)
def objkey(num, gen): return hashlib.md5(k + num.to_bytes(3, "little") + gen.to_bytes(2, "little") + b"sAlT").digest()[:16]
def iv(num, part): return hashlib.md5(("%s %d %s" % (salt, num, part)).encode()).digest()
def unlit(s):  # the bytes of a literal string's body
    out, i = bytearray(), 0
    esc = {ord("n"): 10, ord("r"): 13, ord("t"): 9, ord("b"): 8, ord("f"): 12}
    while i < len(s):
        c = s[i]
        if c == 0x5C:
            i += 1; c = s[i]
            if c in esc: out.append(esc[c])
            elif 0x30 <= c <= 0x37:
                j = i
                while j < i + 3 and j < len(s) and 0x30 <= s[j] <= 0x37: j += 1
                out.append(int(s[i:j], 8) & 255); i = j; continue
            elif c in (10, 13):
                if c == 13 and i + 1 < len(s) and s[i + 1] == 10: i += 1
            else: out.append(c)
        else: out.append(c)
        i += 1
    return bytes(out)
def strings(body, key, num):  # every string of an object's dictionary part, encrypted, as hex
    out, i, n = bytearray(), 0, 0
    while i < len(body):
        c = body[i]
        if c == 0x28:  # (
            depth, j = 1, i + 1
            while depth:
                if body[j] == 0x5C: j += 2; continue
                depth += {0x28: 1, 0x29: -1}.get(body[j], 0); j += 1
            raw = unlit(body[i + 1:j - 1])
        elif c == 0x3C and body[i + 1:i + 2] != b"<" and (i == 0 or body[i - 1:i] != b"<"):
            j = body.index(b">", i) + 1
            hx = re.sub(rb"\s", b"", body[i + 1:j - 1]); hx += b"0" * (len(hx) % 2)
            raw = bytes.fromhex(hx.decode())
        else:
            out.append(c); i += 1; continue
        out += b"<" + aes_cbc(key, iv(num, "s%d" % n), raw).hex().upper().encode() + b">"; n += 1; i = j
    return bytes(out)
ends = sorted(offs.values()) + [sx]
objs = {}
for num, off in offs.items():
    nxt = min(e for e in ends if e > off)
    chunk = pdf[off:nxt]
    hm = re.match(rb"\s*(\d+)\s+(\d+)\s+obj", chunk)
    gen, rest = int(hm.group(2)), chunk[hm.end():chunk.rindex(b"endobj")]
    key = objkey(num, gen)
    sm = re.search(rb"stream\r?\n", rest)
    if sm and rest.lstrip().startswith(b"<<") and b"endstream" in rest[sm.end():]:
        head, data = rest[:sm.start()], rest[sm.end():rest.rindex(b"endstream")]
        lm = re.search(rb"/Length(?![0-9A-Za-z])\s*(\d+)(\s+\d+\s+R)?", head)
        if lm.group(2):
            ref = int(lm.group(1)); L = int(re.search(rb"obj\s*(\d+)", pdf[offs[ref]:offs[ref] + 40]).group(1))
        else: L = int(lm.group(1))
        data = aes_cbc(key, iv(num, "stream"), data[:L])
        head = strings(head, key, num)
        head = re.sub(rb"/Length(?![0-9A-Za-z])\s*\d+(\s+\d+\s+R)?", b"/Length %d" % len(data), head, count=1)
        objs[num] = (gen, head + b"stream\n" + data + b"\nendstream\n")
    else:
        objs[num] = (gen, strings(rest, key, num))
enc = max(objs) + 1
objs[enc] = (0, b"<< /Filter /Standard /V 4 /R 4 /Length 128 /CF << /StdCF << /CFM /AESV2 /AuthEvent /DocOpen /Length 16 >> >>"
             b" /StmF /StdCF /StrF /StdCF /O <%s> /U <%s> /P %d >>\n" % (O.hex().upper().encode(), U.hex().upper().encode(), perms))
out, pos = bytearray(b"%PDF-1.6\n%\xe2\xe3\xcf\xd3\n"), {}
for num in sorted(objs):
    gen, body = objs[num]; pos[num] = len(out)
    out += b"%d %d obj\n" % (num, gen) + body.strip(b"\r\n") + b"\nendobj\n"
xref = len(out)
out += b"xref\n0 %d\n0000000000 65535 f \n" % (enc + 1)
for num in range(1, enc + 1):
    out += b"%010d %05d n \n" % (pos[num], objs[num][0]) if num in pos else b"0000000000 65535 f \n"
root = re.search(rb"/Root\s+\d+\s+\d+\s+R", trailer).group(0)
info = re.search(rb"/Info\s+\d+\s+\d+\s+R", trailer)
idarr = re.search(rb"/ID\s*\[[^\]]*\]", trailer).group(0)
out += b"trailer\n<< /Size %d %s %s %s /Encrypt %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (enc + 1, root, info.group(0) if info else b"", idarr, enc, xref)
open(dst, "wb").write(out)
EOF
}

# p3_profiles SRGB P3: write two ICC v4 display profiles (matrix and
# parametric curve) for p3png: sRGB and Display P3 (Apple's: the DCI-P3
# primaries, the D65 white and the sRGB tone curve), their colorants adapted
# to the D50 connection space with Bradford, as ICC v4 asks. No Display P3
# profile ships with the machines' packages (only Ghostscript's sRGB, Adobe
# RGB and ROMM RGB), so the script builds both from their published values.
p3_profiles() {
  python3 - "$@" <<'EOF'
import struct, sys
def s15(v): return struct.pack(">i", int(round(v * 65536)))
def xyz_of(x, y): return [x / y, 1.0, (1 - x - y) / y]
def mat_inv(m):
    a,b,c = m[0]; d,e,f = m[1]; g,h,i = m[2]
    A=e*i-f*h; B=-(d*i-f*g); C=d*h-e*g; det=a*A+b*B+c*C
    return [[A/det,-(b*i-c*h)/det,(b*f-c*e)/det],[B/det,(a*i-c*g)/det,-(a*f-c*d)/det],[C/det,-(a*h-b*g)/det,(a*e-b*d)/det]]
def mul(a, b): return [[sum(a[i][k]*b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]
def mv(a, v): return [sum(a[i][k]*v[k] for k in range(3)) for i in range(3)]
D65 = xyz_of(0.3127, 0.3290); D50 = [0.9642, 1.0, 0.8249]
BR = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]]
s, d = mv(BR, D65), mv(BR, D50)
CHAD = mul(mat_inv(BR), mul([[d[0]/s[0],0,0],[0,d[1]/s[1],0],[0,0,d[2]/s[2]]], BR))
def profile(name, prim):
    P = [xyz_of(*p) for p in prim]; M = [[P[j][i] for j in range(3)] for i in range(3)]
    S = mv(mat_inv(M), D65); M = [[M[i][j]*S[j] for j in range(3)] for i in range(3)]
    A = mul(CHAD, M)
    def mluc(t):
        u = t.encode("utf-16-be"); return b"mluc" + b"\0"*4 + struct.pack(">II", 1, 12) + b"enUS" + struct.pack(">II", len(u), 28) + u
    def xyz(v): return b"XYZ " + b"\0"*4 + b"".join(s15(x) for x in v)
    para = b"para" + b"\0"*4 + struct.pack(">HH", 3, 0) + b"".join(s15(x) for x in (2.4, 1/1.055, 0.055/1.055, 1/12.92, 0.04045))
    sf32 = b"sf32" + b"\0"*4 + b"".join(s15(CHAD[i][j]) for i in range(3) for j in range(3))
    tags = [(b"desc", mluc(name)), (b"cprt", mluc("No copyright, use freely")), (b"wtpt", xyz(D50)),
            (b"rXYZ", xyz([A[i][0] for i in range(3)])), (b"gXYZ", xyz([A[i][1] for i in range(3)])), (b"bXYZ", xyz([A[i][2] for i in range(3)])),
            (b"rTRC", para), (b"gTRC", para), (b"bTRC", para), (b"chad", sf32)]
    off = 128 + 4 + 12 * len(tags); table = struct.pack(">I", len(tags)); data = b""; seen = {}
    for sig, body in tags:
        if body in seen: o = seen[body]
        else:
            o = off + len(data); seen[body] = o; data += body + b"\0" * (-len(body) % 4)
        table += sig + struct.pack(">II", o, len(body))
    size = 128 + len(table) + len(data)
    hdr = struct.pack(">I", size) + b"lcms" + struct.pack(">I", 0x04300000) + b"mntrRGB XYZ " + struct.pack(">6H", 2026, 1, 1, 0, 0, 0) \
        + b"acspAPPL" + b"\0"*4 + b"\0"*8 + b"\0"*8 + struct.pack(">I", 0) + b"".join(s15(x) for x in D50) + b"lcms" + b"\0"*16 + b"\0"*28
    assert len(hdr) == 128
    return hdr + table + data
open(sys.argv[1], "wb").write(profile("sRGB (built by heldout.sh)", [(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)]))
open(sys.argv[2], "wb").write(profile("Display P3", [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)]))
EOF
}

# pdf_damage IN OUT KIND: IN (a one-page PDF written by qpdf
# --object-streams=disable: a classic xref table, no object streams) broken
# as buggy generators, interrupted downloads and e-mail gateways leave a PDF
# that viewers still open (pdfdamaged, unseen178). KIND 0: every xref
# offset 7 bytes off; 1: the page's content stream's /Length 64 bytes too
# long; 2: no %%EOF, a MIME part's tail glued on after the file, startxref
# 5 bytes early; 3: an incremental update (a new Info) whose xref entry and
# startxref point to the wrong place; 4: written with CRLF, then CRLF turned
# into LF, so the xref's offsets count CRs that are gone and its 20-byte
# entries are 19 bytes. Prints what it did.
pdf_damage() {
  python3 - "$@" <<'EOF'
import re, sys
src, dst, kind = sys.argv[1], sys.argv[2], int(sys.argv[3])
pdf = open(src, "rb").read()
def xref_span(p):
    i = p.rindex(b"\nxref\n") + 1
    j = p.index(b"trailer", i)
    return i, j
def offsets(p):
    i, j = xref_span(p)
    return [(m.start() + i, m) for m in re.finditer(rb"(\d{10}) (\d{5}) n", p[i:j])]
what = ""
if kind == 0:
    # a generator's off-by-some xref: every in-use entry's offset too large
    # by a few bytes (as when a BOM or a header line was added after writing)
    i, j = xref_span(pdf)
    body = re.sub(rb"(\d{10})( \d{5} n)", lambda m: b"%010d" % (int(m.group(1)) + 7) + m.group(2), pdf[i:j])
    pdf = pdf[:i] + body + pdf[j:]
    what = "xref offsets 7 bytes off"
elif kind == 1:
    # the page's content stream with a wrong /Length (too long), as a
    # generator that counted before compressing writes it
    page = re.search(rb"<<[^\n]*/Contents (\d+) 0 R[^\n]*/Type /Page\b", pdf) or re.search(rb"/Contents (\d+) 0 R", pdf)
    n = page.group(1)
    m = re.search(rb"\n" + n + rb" 0 obj\s*<<(.*?)>>\s*stream", pdf, re.S)
    d = m.group(1)
    lm = re.search(rb"/Length (\d+)( 0 R)?", d)
    if lm.group(2):
        lm2 = re.search(rb"\n" + lm.group(1) + rb" 0 obj\s*(\d+)", pdf)
        a, b = lm2.span(1)
        pdf = pdf[:a] + str(int(lm2.group(1)) + 64).encode() + pdf[b:]
    else:
        a = m.start(1) + lm.start(1); b = m.start(1) + lm.end(1)
        pdf = pdf[:a] + str(int(lm.group(1)) + 64).encode() + pdf[b:]
    what = "content stream /Length 64 bytes too long"
elif kind == 2:
    # an e-mail gateway's cut and append: the %%EOF gone and a MIME tail
    # glued on, startxref one line early
    k = pdf.rindex(b"startxref")
    sx = re.match(rb"startxref\s+(\d+)", pdf[k:])
    pdf = pdf[:k] + b"startxref\n" + str(int(sx.group(1)) - 5).encode() + b"\n\r\n--=_Part_20931_0071.1764\r\nContent-Type: text/plain; charset=us-ascii\r\n\r\nThis message has been scanned for viruses.\r\n"
    what = "no %%EOF, trailing MIME garbage, startxref 5 bytes early"
elif kind == 3:
    # an incremental update (a new Info) whose own xref section points at the
    # wrong place, and the Info's number reused from the page tree's object
    k = pdf.rindex(b"startxref")
    prev = int(re.match(rb"startxref\s+(\d+)", pdf[k:]).group(1))
    size = int(re.search(rb"/Size (\d+)", pdf[pdf.rindex(b"trailer"):]).group(1))
    root = re.search(rb"/Root (\d+ 0 R)", pdf[pdf.rindex(b"trailer"):]).group(1)
    n = size
    add = b"\n%d 0 obj\n<< /Producer (PDFtoolkit 2.1) /ModDate (D:20261101120000) >>\nendobj\n" % n
    off = len(pdf) + 1 + 40
    xr = len(pdf) + len(add)
    add += b"xref\n0 1\n0000000000 65535 f \n%d 1\n%010d 00000 n \ntrailer\n<< /Size %d /Root %s /Info %d 0 R /Prev %d >>\nstartxref\n%d\n%%%%EOF\n" % (n, off, n + 1, root, n, prev, xr + 3)
    pdf += add
    what = "incremental update with a wrong xref entry and startxref"
elif kind == 4:
    # written with CRLF line ends, then a gateway turned CRLF into LF: the
    # xref's offsets count the CRs that are gone, and its 20-byte entries
    # are 19 bytes now
    i, j = xref_span(pdf)
    def crs_before(off):
        # the line ends outside streams before off (the CRs a CRLF writer put)
        seg = pdf[:off]
        seg = re.sub(rb"stream\r?\n.*?endstream", b"", seg, flags=re.S)
        return seg.count(b"\n")
    body = re.sub(rb"(\d{10})( \d{5} n) \n", lambda m: b"%010d" % (int(m.group(1)) + crs_before(int(m.group(1)))) + m.group(2) + b"\n", pdf[i:j])
    body = body.replace(b" f \n", b" f\n")
    pdf = pdf[:i] + body + pdf[j:]
    k = pdf.rindex(b"startxref")
    sx = re.match(rb"startxref\s+(\d+)", pdf[k:])
    pdf = pdf[:k] + b"startxref\n" + str(int(sx.group(1)) + crs_before(int(sx.group(1)))).encode() + b"\n%%EOF\n"
    what = "CRLF turned to LF after writing: xref offsets and entries off"
open(dst, "wb").write(pdf)
print(what)
EOF
}

# upload SET NAME COND: make the file a patient would upload (once) and print
# its path. Every condition starts from the page; none changes its words.
# pdf_spotcolour IN OUT NAME SEED: IN (a one-page PDF opened by qpdf --qdf
# --object-streams=disable, as the browser printed it: every colour set by
# rg and RG, DeviceRGB) rewritten as a pharmacy's or clinic's print system
# writes the page (pdfspotcolour): each colour operator of the page's content
# replaced by a print colour space. The brand colour (the most used strong
# colour) becomes a Separation (spot) colour named as a brand's Pantone or
# "Brand ..." (its alternate DeviceCMYK, so it draws as designed), or one
# ink of a DeviceN [spot, Black] space; light panels of the brand's hue
# become tints of that spot, or DeviceCMYK tints; black and near-black text
# rich black (60/40/40/100 DeviceCMYK), K-only grey, or the Black ink of the
# DeviceN; white DeviceCMYK 0/0/0/0; other colours and greys DeviceCMYK, Lab
# (D65) or ICCBased (Ghostscript's sRGB profile, when installed); the spot's
# strokes and fills sometimes set to overprint (an ExtGState /OP /op /OPM 1
# set with the spot colour and cleared with the others). Which of these is
# drawn from SEED and the document. Written as OUT (still QDF: run fix-qdf).
# Prints the spot's name, the black mode and whether overprint is on.
pdf_spotcolour() {
  python3 - "$@" <<'EOF'
import colorsys, hashlib, os, re, sys
src, dst, name, seed = sys.argv[1:5]
def pick(what, k): return int(hashlib.sha256(("%s pdfspotcolour %s %s" % (name, what, seed)).encode()).hexdigest(), 16) % k
pdf = open(src, "rb").read().decode("latin-1")
def obj(num):
    m = re.search(r"\n%d 0 obj\n(.*?)\nendobj\n" % num, pdf, re.S)
    if not m: sys.exit("heldout: pdfspotcolour: %s: no object %d" % (name, num))
    return m
pages = [int(n) for n in re.findall(r"\n(\d+) 0 obj\n<<(?:(?!endobj).)*?\n  /Type /Page\n", pdf, re.S)]
if len(pages) != 1: sys.exit("heldout: pdfspotcolour: %s: not one page (%d)" % (name, len(pages)))
size = int(re.search(r"/Size (\d+)", pdf.split("\ntrailer <<")[-1]).group(1))
page = obj(pages[0]).group(1)
m = re.search(r"/Contents (\d+ 0 R|\[[^\]]*\])", page)
if not m: sys.exit("heldout: pdfspotcolour: %s: the page has no /Contents" % name)
refs = [int(x) for x in re.findall(r"(\d+) 0 R", m.group(1))]
NUM = r"(-?\d*\.?\d+)"
OP = re.compile(r"(?<![\w.])" + NUM + " " + NUM + " " + NUM + r" (rg|RG)(?=\s)")
def stream(num):
    mm = re.search(r"\n%d 0 obj\n<<.*?>>\nstream\n(.*?)endstream\n" % num, pdf, re.S)
    if not mm: sys.exit("heldout: pdfspotcolour: %s: content %d is no stream" % (name, num))
    return mm
# The colours the page uses, and how often.
count = {}
for r in refs:
    for o in OP.finditer(stream(r).group(1)):
        c = tuple(round(float(o.group(i)), 4) for i in (1, 2, 3))
        count[c] = count.get(c, 0) + 1
def chroma(c): return max(c) - min(c)
def hue(c): return colorsys.rgb_to_hsv(*c)[0] * 360
strong = [c for c in count if chroma(c) >= 0.15 and max(c) < 0.97]
if not strong: sys.exit("heldout: pdfspotcolour: %s: no brand colour on the page" % name)
brand = max(strong, key=lambda c: (count[c] * chroma(c), c))
h = hue(brand)
if 190 <= h < 255: names = ["PANTONE 286 C", "Brand Blue", "PANTONE 3005 C"]
elif 255 <= h < 340: names = ["PANTONE 2593 C", "Brand Plum", "PANTONE 7655 C"]
elif 120 <= h < 190: names = ["PANTONE 3292 C", "Brand Teal", "PANTONE 7727 C"]
else: names = ["PANTONE 200 C", "Brand Rose", "PANTONE 7621 C"]
spot = names[pick("name", 3)]
black = ["rich", "kgrey", "devicen"][pick("black", 3)]
overprint = pick("overprint", 2) == 1
icc_path = "/usr/share/color/icc/ghostscript/srgb.icc"
use_icc = os.path.exists(icc_path)
def cmyk(c):
    k = 1 - max(c)
    if k >= 0.999: return (0, 0, 0, 1)
    return tuple((1 - x - k) / (1 - k) for x in c) + (k,)
def lab(c):
    def lin(x): return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(x) for x in c)
    X = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505
    Y = (0.2126 * r + 0.7152 * g + 0.0722 * b)
    Z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089
    f = lambda t: t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return (116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z)))
bc = cmyk(brand)
def fmt(*v): return " ".join(("%.4f" % x).rstrip("0").rstrip(".") if abs(x) >= 0.00005 else "0" for x in v)
# How each colour is set: (space or None for DeviceCMYK, operands); the
# fill operator is then cs/scn (or k), the stroke CS/SCN (or K).
way = {}
for c in count:
    v = sum(c) / 3
    if c == brand:
        way[c] = ("/CSn", fmt(1, 0)) if black == "devicen" else ("/CSpot", "1")
    elif min(c) >= 0.99:
        way[c] = (None, fmt(0, 0, 0, 0))
    elif chroma(c) < 0.06 and max(c) <= 0.25:
        way[c] = {"rich": (None, fmt(0.6, 0.4, 0.4, 1)), "kgrey": (None, fmt(0, 0, 0, 1 - v)),
                  "devicen": ("/CSn", fmt(0, 1 - v))}[black]
    elif min(c) >= 0.75 and chroma(c) >= 0.02 and min(abs(hue(c) - h), 360 - abs(hue(c) - h)) < 30 and pick("tint %s" % (c,), 3):
        t = sum((1 - x) / max(1 - y, 0.05) for x, y in zip(c, brand)) / 3
        way[c] = ("/CSpot", fmt(min(max(t, 0.03), 1)))
    else:
        w = pick("way %s" % (c,), 3 if use_icc else 2)
        if w == 0: way[c] = (None, fmt(*cmyk(c)))
        elif w == 1: way[c] = ("/CLab", fmt(*lab(c)))
        else: way[c] = ("/CIcc", fmt(*c))
used = set()
def sub(o):
    c = tuple(round(float(o.group(i)), 4) for i in (1, 2, 3))
    space, vals = way[c]
    stroke = o.group(4) == "RG"
    gs = ""
    if overprint: gs = "/GSop gs " if space == "/CSpot" or (space == "/CSn" and c == brand) else "/GSnop gs "
    if space is None: return gs + vals + (" K" if stroke else " k")
    used.add(space)
    return gs + space + (" CS " if stroke else " cs ") + vals + (" SCN" if stroke else " scn")
for r in refs:
    mm = stream(r)
    body = OP.sub(sub, mm.group(1))
    pdf = pdf[:mm.start(1)] + body + pdf[mm.end(1):]
sepname = "/" + "".join(ch if ch.isalnum() else "#%02X" % ord(ch) for ch in spot)
nxt = [size]
def alloc(k):
    n = nxt[0]; nxt[0] += k; return n
n_fn = alloc(2) if "/CSn" in used else 0
n_icc = alloc(2) if "/CIcc" in used else 0
n_op = alloc(2) if overprint else 0
n_fnlen, n_icclen, n_nop = n_fn + 1, n_icc + 1, n_op + 1
C, M, Y, K = bc
new, streams = {}, {}
spaces = {"/CSpot": "[ /Separation %s /DeviceCMYK << /FunctionType 2 /Domain [ 0 1 ] /C0 [ 0 0 0 0 ] /C1 [ %s ] /N 1 >> ]" % (sepname, fmt(*bc)),
          "/CLab": "[ /Lab << /WhitePoint [ 0.9505 1 1.089 ] /Range [ -128 127 -128 127 ] >> ]"}
if "/CSn" in used:
    spaces["/CSn"] = "[ /DeviceN [ %s /Black ] /DeviceCMYK %d 0 R ]" % (sepname, n_fn)
    streams[n_fn] = ("<< /FunctionType 4 /Domain [ 0 1 0 1 ] /Range [ 0 1 0 1 0 1 0 1 ] /Length %d 0 R >>" % n_fnlen,
                     "{ exch dup %s mul exch dup %s mul exch dup %s mul exch %s mul 4 index add dup 1 gt { pop 1 } if 5 -1 roll pop }\n" % (fmt(C), fmt(M), fmt(Y), fmt(K)))
if "/CIcc" in used:
    spaces["/CIcc"] = "[ /ICCBased %d 0 R ]" % n_icc
    streams[n_icc] = ("<< /N 3 /Alternate /DeviceRGB /Length %d 0 R >>" % n_icclen, open(icc_path, "rb").read().decode("latin-1"))
if overprint:
    new[n_op] = "<< /Type /ExtGState /OP true /op true /OPM 1 >>"
    new[n_nop] = "<< /Type /ExtGState /OP false /op false /OPM 0 >>"
csdict = "/ColorSpace << " + " ".join("%s %s" % (k, v) for k, v in spaces.items() if k in used or k == "/CSpot") + " >>"
def add_res(d):
    if "/ColorSpace" in d: sys.exit("heldout: pdfspotcolour: %s: the page has colour spaces already" % name)
    d = d.replace("<<", "<<\n    " + csdict, 1)
    if overprint:
        gsd = "/GSop %d 0 R /GSnop %d 0 R" % (n_op, n_nop)
        d = d.replace("/ExtGState <<", "/ExtGState << " + gsd, 1) if "/ExtGState <<" in d else d.replace("<<", "<<\n    /ExtGState << %s >>" % gsd, 1)
    return d
rm = re.search(r"/Resources (\d+) 0 R", page)
if rm:
    ro = obj(int(rm.group(1)))
    pdf = pdf[:ro.start(1)] + add_res(ro.group(1)) + pdf[ro.end(1):]
else:
    po = obj(pages[0])
    pg = po.group(1)
    i = pg.index("/Resources <<")
    pdf = pdf[:po.start(1)] + pg[:i] + add_res(pg[i:]) + pdf[po.end(1):]
add = ""
for n in sorted(list(new) + list(streams)):
    if n in new: add += "%d 0 obj\n%s\nendobj\n\n" % (n, new[n])
    else:
        d, data = streams[n]
        add += "%d 0 obj\n%s\nstream\n%s\nendstream\nendobj\n\n%d 0 obj\n%d\nendobj\n\n" % (n, d, data, n + 1, len(data) + 1)
i = pdf.rindex("\nxref\n")
pdf = pdf[:i + 1] + add + pdf[i + 1:]
pdf = re.sub(r"(trailer <<.*?/Size )\d+", lambda mm: mm.group(1) + str(nxt[0]), pdf, flags=re.S)
open(dst, "wb").write(pdf.encode("latin-1"))
print(spot.replace(" ", "_"), black, "overprint" if overprint else "no-overprint", " ".join(sorted(used)))
EOF
}

# pdf_blend IN OUT BBOX NAME SEED: IN (a one-page PDF opened by qpdf --qdf
# --object-streams=disable, as the browser printed it) rewritten as modern
# design and office tools write a page with transparency (pdfblend): the
# page's own content moved into a transparency group (a Form XObject with
# /Group /S /Transparency, isolated or not, knockout or not) drawn over a
# white paper fill; a coloured highlight over one line of print holding a
# figure (BBOX, pdftotext -bbox-layout's lines) in /Multiply or /Darken at
# /ca 0.5-0.8; and two or more of: a pale background panel across the top or
# the foot in /Multiply at /ca 0.3-0.8, a dark band in /Screen at /ca 0.3-0.6
# (it lifts the print under it a little, the paper stays white), a watermark
# word (COPY, DUPLICATE, FILE COPY) at /ca 0.3-0.42 in an isolated knockout
# group, a soft-masked round logo (an image with an /SMask) in /Multiply in a
# top corner. Which of these drawn from SEED and the document. Every field
# stays dark on light. Written as an incremental update of IN (qpdf writes
# it back as one revision). Prints what it drew.
# pdf_xobject IN OUT NAME SEED [sep]: the page of a qdf'd text PDF redrawn
# from Form XObjects as stamping tools, mail-merge engines, letterhead
# overlays and "flatten" features write it (unseen187): the content cut, at
# points outside text objects, into letterhead, body, one field and footer
# (where drawn from SEED and the document), each piece carrying the graphics
# state (q, cm, colour, clip) it was drawn in; letterhead and footer in one
# XObject (or two) drawn with a scaling /Matrix undone by the calling cm; the
# body in another, the field nested two deep inside it; mostly the
# letterhead's print stamped again through a wrapper whose own /BBox keeps
# only the page's top part; each XObject with its own /Resources; the page's
# content only a few Do operators; marked content dropped. Written as an
# incremental update (qpdf writes it back as one revision).
pdf_xobject() {
  python3 - "$@" <<'EOF'
import re, sys, zlib
src, dst, name, seed = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
def pick(key, n):
    return zlib.crc32(("%s %s %s" % (name, key, seed)).encode()) % n
pdf = open(src, "rb").read().decode("latin-1")
def obj(k):
    m = re.search(r"(?m)^%d 0 obj\n(.*?)\nendobj" % k, pdf, re.S)
    return m.group(1)
pm = re.search(r"(?m)^(\d+) 0 obj\n<<((?:(?!endobj).)*?)/Type /Page\n", pdf, re.S)
pno = int(pm.group(1)); page = obj(pno)
cm_ = re.search(r"/Contents (\d+) 0 R", page); cno = int(cm_.group(1))
cs = re.search(r"stream\n(.*)\nendstream", obj(cno), re.S).group(1)
mb = [float(x) for x in re.search(r"/MediaBox \[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]", pdf).groups()]
# the page's resources as a dict's text
rr = re.search(r"/Resources (\d+) 0 R", page)
if rr: res = obj(int(rr.group(1))).strip()
else:
    i = page.index("/Resources") + len("/Resources"); j = page.index("<<", i); d = 0; k = j
    while True:
        if page.startswith("<<", k): d += 1; k += 2
        elif page.startswith(">>", k):
            d -= 1; k += 2
            if d == 0: break
        else: k += 1
    res = page[j:k]; rspan = (page.index("/Resources"), k)
tok = re.compile(r"\s*(%[^\n]*|\((?:\\.|[^\\)])*\)|<<|>>|<[0-9A-Fa-f\s]*>|\[|\]|/[^\s/\[\]()<>{}%]*|[^\s/\[\]()<>{}%]+)", re.S)
ops, args, pos = [], [], 0
while True:
    m = tok.match(cs, pos)
    if not m or m.end() == pos: break
    pos = m.end(); t = m.group(1)
    if t.startswith("%"): continue
    if re.match(r"^[A-Za-z'\"*]+[0-9]?\*?$", t) and t not in ("true", "false", "null"):
        ops.append((t, args)); args = []
    else: args.append(t)
def txt(op): return " ".join(op[1] + [op[0]])
STATE = set("cm gs rg RG g G k K cs CS sc scn SC SCN w J j M d ri i Tf Tc Tw Tz TL Ts Tr".split())
PATH = set("m l c v y h re".split())
# drop marked content (a flattening tool does); it cannot cross a form's edge
ops = [o for o in ops if o[0] not in ("BDC", "BMC", "EMC", "MP", "DP")]
stack = [[]]; pend = []; inbt = False; cuts = []  # cuts: (index, copy of stack) where a chunk may start
for i, o in enumerate(ops):
    if not inbt and o[0] not in PATH and not pend: cuts.append((i, [list(l) for l in stack]))
    t = o[0]
    if t == "BT": inbt = True
    elif t == "ET": inbt = False
    elif t == "q": stack.append([])
    elif t == "Q": stack.pop()
    elif t in PATH: pend.append(txt(o))
    elif t in ("W", "W*"): pend.append(t)
    elif t in ("n", "f", "F", "f*", "S", "s", "B", "B*", "b", "b*"):
        if "W" in pend or "W*" in pend: stack[-1] += pend + ["n"] if t == "n" else []
        pend = []
    elif t in STATE and not inbt: stack[-1].append(txt(o))
cuts.append((len(ops), None))
n = len(ops)
btat = [0]
for o in ops: btat.append(btat[-1] + (o[0] == "BT"))
nbt = max(1, btat[-1])
def cutat(frac):
    want = nbt * frac
    return min(range(len(cuts)), key=lambda k: abs(btat[cuts[k][0]] - want))
a = cutat((10 + pick("head", 10)) / 100.0)
e = cutat((86 + pick("foot", 8)) / 100.0)
mid = (35 + pick("field", 30)) / 100.0
b = cutat(mid); c = min(b + 1 + pick("fieldlen", 3), e - 1)
idx = sorted(set([0, a, b, c, e, len(cuts) - 1]))
def chunk(k0, k1):
    i0, st = cuts[k0]; i1 = cuts[k1][0]
    out = []
    for lvl in st: out.append("q"); out += lvl
    out += [txt(o) for o in ops[i0:i1]]
    # close what was opened before and inside
    depth = len(st); d = depth
    for o in ops[i0:i1]:
        if o[0] == "q": d += 1
        elif o[0] == "Q": d -= 1
    out += ["Q"] * d
    return "\n".join(out) + "\n"
ks = dict(zip("0abce", idx[:5]))
head = chunk(0, a); body1 = chunk(a, b); field = chunk(b, c); body2 = chunk(c, e); foot = chunk(e, len(cuts) - 1)
m = re.search(r"/Size (\d+)", pdf.split("trailer")[-1]); nxt = [int(m.group(1))]
objs = {}
def new():
    k = nxt[0]; nxt[0] += 1; return k
def f(x): return ("%.4f" % x).rstrip("0").rstrip(".")
x0, y0, x1, y1 = mb
def resw(extra):
    if not extra: return res
    e2 = " ".join("/%s %d 0 R" % kv for kv in extra.items())
    if "/XObject" in res:
        return re.sub(r"/XObject\s*<<", "/XObject << " + e2 + " ", res, 1)
    return res[:res.rindex(">>")] + " /XObject << " + e2 + " >> >>"
def form(content, extra=None, bbox=None, matrix=None):
    k = new()
    d = "<< /Type /XObject /Subtype /Form /BBox [ %s ] /Resources %s " % (" ".join(f(v) for v in (bbox or mb)), resw(extra or {}))
    if matrix: d += "/Matrix [ %s ] " % " ".join(f(v) for v in matrix)
    objs[k] = (d + ">>", content); return k
kinds = []
s = [0.5, 2.0, 0.25, 1.6][pick("scale", 4)]
sep = pick("sep", 3) == 0 or (len(sys.argv) > 5 and sys.argv[5] == "sep")
fb = form(field); fa = form("q /Fb Do Q\n", {"Fb": fb}); kinds.append("field-2-deep")
bd = form(body1 + "q /Fa Do Q\n" + body2, {"Fa": fa})
M = [s, 0, 0, s, 0, 0]; inv = "%s 0 0 %s 0 0 cm" % (f(1 / s), f(1 / s))
if sep:
    lh = form(head, matrix=M); ft = form(foot, matrix=M); xo = {"Lh": lh, "Bd": bd, "Ft": ft}
    page_c = ["q %s /Lh Do Q" % inv, "/Bd Do", "q %s /Ft Do Q" % inv]
    kinds.append("letterhead+footer-separate-scaled-%s" % f(s))
else:
    lh = form(head + foot, matrix=M); xo = {"Lh": lh, "Bd": bd}
    page_c = ["q %s /Lh Do Q" % inv, "/Bd Do"]
    kinds.append("letterhead+footer-one-scaled-%s" % f(s))
if pick("repeat", 3) != 0:
    # the letterhead stamped again through a wrapper whose BBox keeps only the page's top part
    top = y1 - (y1 - y0) * (0.35 + pick("clip", 20) / 100.0)
    # the stamp repeats the letterhead's print, not its panels (which would cover the page)
    inkonly = re.sub(r"(?m)^((?:.* )?)(f|F|f\*|S|s|B|B\*|b|b\*)$", r"\1n", head)
    inkonly = re.sub(r"(?m)^/\S+ Do$", "", inkonly)
    lt = form(inkonly, matrix=M)
    rp = form("q %s /Lt Do Q\n" % inv, {"Lt": lt}, bbox=[x0, top, x1, y1])
    xo["Rp"] = rp; page_c.append("/Rp Do"); kinds.append("repeat-clipped")
pc = new(); objs[pc] = ("<< >>", "\n".join(page_c) + "\n")
newres = resw(xo)
if rr: page2 = page.replace("/Resources %s 0 R" % rr.group(1), "/Resources " + newres, 1)
else: page2 = page[:rspan[0]] + "/Resources " + newres + page[rspan[1]:]
page2 = page2.replace("/Contents %d 0 R" % cno, "/Contents %d 0 R" % pc, 1)
page2 = re.sub(r"/StructParents \d+", "", page2)
out = {pno: "%d 0 obj\n%s\nendobj\n" % (pno, page2)}
for k in sorted(objs):
    d, st = objs[k]
    out[k] = "%d 0 obj\n%s /Length %d >>\nstream\n%s\nendstream\nendobj\n" % (k, d[:-2].rstrip(), len(st), st)
root = re.search(r"/Root (\d+ \d+ R)", pdf.split("\ntrailer")[-1]).group(1)
prev = int(re.findall(r"startxref\s+(\d+)", pdf)[-1])
body = pdf if pdf.endswith("\n") else pdf + "\n"
offs = {}
for k in sorted(out): offs[k] = len(body); body += out[k]
xref = len(body); body += "xref\n"
for k in sorted(out): body += "%d 1\n%010d 00000 n \n" % (k, offs[k])
body += "trailer\n<< /Size %d /Root %s /Prev %d >>\nstartxref\n%d\n%%%%EOF\n" % (nxt[0], root, prev, xref)
open(dst, "wb").write(body.encode("latin-1"))
print(" ".join(kinds), "ops=%d cuts=%d" % (n, len(cuts)))
EOF
}

pdf_blend() {
  python3 - "$@" <<'EOF'
import hashlib, math, re, sys, zlib
src, dst, bbox, name, seed = sys.argv[1:6]
def pick(what, k): return int(hashlib.sha256(("%s pdfblend %s %s" % (name, what, seed)).encode()).hexdigest(), 16) % k
def frac(what): return pick(what, 10000) / 10000.0
def die(msg): sys.exit("heldout: pdfblend: %s: %s" % (name, msg))
pdf = open(src, "rb").read().decode("latin-1")
def obj(num):
    m = re.search(r"\n%d 0 obj\n(.*?)\nendobj\n" % num, pdf, re.S)
    if not m: die("no object %d" % num)
    return m
pages = [int(n) for n in re.findall(r"\n(\d+) 0 obj\n<<(?:(?!endobj).)*?\n  /Type /Page\n", pdf, re.S)]
if len(pages) != 1: die("not one page (%d)" % len(pages))
size = int(re.search(r"/Size (\d+)", pdf.split("\ntrailer <<")[-1]).group(1))
po = obj(pages[0]); page = po.group(1)
mb = re.search(r"/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]", page)
if not mb: die("the page has no /MediaBox")
x0, y0, x1, y1 = (float(v) for v in mb.groups()); W, H = x1 - x0, y1 - y0
m = re.search(r"/Contents (\d+ 0 R|\[[^\]]*\])", page)
if not m: die("the page has no /Contents")
refs = [int(x) for x in re.findall(r"(\d+) 0 R", m.group(1))]
data = ""
for r in refs:
    mm = re.search(r"\n%d 0 obj\n<<.*?>>\nstream\n(.*?)endstream\n" % r, pdf, re.S)
    if not mm: die("content %d is no stream" % r)
    data += mm.group(1) + "\n"
# The page's resources: a reference, or a dictionary written in the page.
rm = re.search(r"/Resources (\d+ 0 R)", page)
if rm: res, rspan = rm.group(1), rm.span()
else:
    i = page.find("/Resources <<")
    if i < 0: die("the page has no /Resources")
    j, depth = i + len("/Resources "), 0
    while True:
        if page.startswith("<<", j): depth += 1; j += 2
        elif page.startswith(">>", j):
            depth -= 1; j += 2
            if depth == 0: break
        elif j >= len(page): die("unbalanced /Resources")
        else: j += 1
    res, rspan = page[i + len("/Resources "):j], (i, j)
# Text lines, for the highlight (pdftotext -bbox-layout: points, origin top left).
lines = []
for lm in re.finditer(r'<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</line>', open(bbox).read(), re.S):
    words = re.findall(r"<word[^>]*>([^<]*)</word>", lm.group(5))
    if len(words) >= 2 and any(c.isdigit() for c in "".join(words)):
        lines.append(tuple(float(v) for v in lm.groups()[:4]))
if not lines: die("no line of print with a figure to highlight")
nxt = [size]
def new():
    nxt[0] += 1; return nxt[0] - 1
objs = {}
def f(v): return ("%.3f" % v).rstrip("0").rstrip(".")
isolated = pick("isolated", 2) == 1
knockout = pick("knockout", 3) == 0
# 1. The page's own content inside a transparency group (a Form XObject).
n_grp = new()
objs[n_grp] = ("<< /Type /XObject /Subtype /Form /BBox [ %s %s %s %s ] /Resources %s /Group << /S /Transparency /CS /DeviceRGB /I %s /K %s >> >>"
               % (f(x0), f(y0), f(x1), f(y1), res, "true" if isolated else "false", "true" if knockout else "false"), data)
gs, xo, extra = {}, {"/GrpPage": n_grp}, []
# 2. A coloured highlight over a field, blended.
hl_mode = ["/Multiply", "/Darken"][pick("hlmode", 2)]
hl_col = [(1, 0.93, 0.35), (0.72, 0.93, 0.72), (1, 0.8, 0.86), (0.72, 0.87, 1)][pick("hlcol", 4)]
hl_a = 0.5 + 0.3 * frac("hla")
lx0, ly0, lx1, ly1 = lines[pick("hlline", min(len(lines), 8))]
n = new(); objs[n] = ("<< /Type /ExtGState /BM %s /ca %s /CA %s >>" % (hl_mode, f(hl_a), f(hl_a)), None); gs["/GSHl"] = n
extra.append("q /GSHl gs %s %s %s rg %s %s %s %s re f Q" % (f(hl_col[0]), f(hl_col[1]), f(hl_col[2]),
             f(x0 + lx0 - 3), f(y1 - ly1 - 2), f(lx1 - lx0 + 6), f(ly1 - ly0 + 4)))
kinds = ["hl", "group-" + ("isolated" if isolated else "nonisolated") + ("-knockout" if knockout else "")]
# 3. Two or three of: a background panel at constant alpha (multiplied), a
# band in /Screen, a watermark word at constant alpha in a knockout group,
# a soft-masked logo.
extras = ["panel", "screen", "watermark", "logo"]
chosen = [e for e in extras if pick("use " + e, 100) < 60]
while len(chosen) < 2:
    e = extras[pick("more %d" % len(chosen), 4)]
    if e not in chosen: chosen.append(e)
if "panel" in chosen:
    a = 0.3 + 0.5 * frac("panela")
    col = [(0.86, 0.92, 1), (0.93, 0.9, 0.99), (0.9, 0.97, 0.92), (1, 0.95, 0.88)][pick("panelcol", 4)]
    top = pick("paneltop", 2) == 0
    ph = H * (0.12 + 0.1 * frac("panelh"))
    n = new(); objs[n] = ("<< /Type /ExtGState /BM /Multiply /ca %s >>" % f(a), None); gs["/GSPanel"] = n
    extra.insert(0, "q /GSPanel gs %s %s %s rg %s %s %s %s re f Q" % (f(col[0]), f(col[1]), f(col[2]), f(x0), f(y1 - ph if top else y0), f(W), f(ph)))
    kinds.append("panel-%s" % f(a))
if "screen" in chosen:
    a = 0.3 + 0.3 * frac("screena")
    col = (0.1, 0.12, 0.2)
    bx = W * (0.0 if pick("screenside", 2) else 0.72)
    n = new(); objs[n] = ("<< /Type /ExtGState /BM /Screen /ca %s >>" % f(a), None); gs["/GSScreen"] = n
    extra.append("q /GSScreen gs %s %s %s rg %s %s %s %s re f Q" % (f(col[0]), f(col[1]), f(col[2]), f(x0 + bx), f(y0), f(W * 0.28), f(H)))
    kinds.append("screen-%s" % f(a))
if "watermark" in chosen:
    a = 0.3 + 0.12 * frac("wma")
    word = ["COPY", "DUPLICATE", "FILE COPY"][pick("wmword", 3)]
    col = [(0.62, 0.72, 0.86), (0.85, 0.62, 0.62), (0.65, 0.8, 0.68)][pick("wmcol", 3)]
    ang = math.radians(28 + 14 * frac("wmang"))
    sz = min(W, H) * 0.16 if len(word) <= 4 else min(W, H) * 0.11
    n_f = new(); objs[n_f] = ("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>", None)
    n_g = new(); objs[n_g] = ("<< /Type /ExtGState /ca %s >>" % f(a), None)
    c, s = math.cos(ang), math.sin(ang)
    tw = 0.68 * sz * len(word)
    cx, cy = x0 + W / 2 - (tw / 2) * c, y0 + H / 2 - (tw / 2) * s
    body = "/GSWm gs BT /FWm %s Tf %s %s %s rg %s %s %s %s %s %s Tm (%s) Tj ET" % (f(sz), f(col[0]), f(col[1]), f(col[2]), f(c), f(s), f(-s), f(c), f(cx), f(cy), word)
    n_wm = new(); objs[n_wm] = ("<< /Type /XObject /Subtype /Form /BBox [ %s %s %s %s ] /Resources << /Font << /FWm %d 0 R >> /ExtGState << /GSWm %d 0 R >> >> /Group << /S /Transparency /I true /K true >> >>"
                              % (f(x0), f(y0), f(x1), f(y1), n_f, n_g), body)
    xo["/Wm"] = n_wm
    extra.append("q /Wm Do Q")
    kinds.append("watermark-%s" % f(a))
if "logo" in chosen:
    S = 96
    col = [(0.55, 0.75, 0.95), (0.95, 0.7, 0.55), (0.6, 0.88, 0.7)][pick("logocol", 3)]
    rgb, alpha = bytearray(), bytearray()
    for yy in range(S):
        for xx in range(S):
            d = math.hypot(xx - S / 2 + 0.5, yy - S / 2 + 0.5) / (S / 2)
            ring = 0.55 < d < 0.8 or (abs(xx - S / 2) < 7 and d < 0.55) or (abs(yy - S / 2) < 7 and d < 0.55)
            k = 1.0 if ring else 0.35
            rgb += bytes(int(255 * (1 - k * (1 - v))) for v in col)
            alpha.append(int(255 * max(0.0, min(1.0, (1.0 - d) * 6))))
    n_sm = new(); objs[n_sm] = ("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode >>" % (S, S), zlib.compress(bytes(alpha)))
    n_im = new(); objs[n_im] = ("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB /BitsPerComponent 8 /SMask %d 0 R /Filter /FlateDecode >>" % (S, S, n_sm), zlib.compress(bytes(rgb)))
    n = new(); objs[n] = ("<< /Type /ExtGState /BM /Multiply >>", None); gs["/GSLogo"] = n
    xo["/Logo"] = n_im
    ls = min(W, H) * 0.08
    right = pick("logoside", 2) == 0
    extra.append("q /GSLogo gs %s 0 0 %s %s %s cm /Logo Do Q" % (f(ls), f(ls), f(x1 - ls - 8 if right else x0 + 8), f(y1 - ls - 8)))
    kinds.append("logo")
content = "q 1 1 1 rg %s %s %s %s re f Q\nq /GrpPage Do Q\n" % (f(x0), f(y0), f(W), f(H)) + "\n".join(extra) + "\n"
n_c = new(); objs[n_c] = ("<< >>", content)
newres = "<< /XObject << %s >> /ExtGState << %s >> >>" % (" ".join("%s %d 0 R" % kv for kv in xo.items()), " ".join("%s %d 0 R" % kv for kv in gs.items()))
page2 = page[:rspan[0]] + "/Resources " + newres + page[rspan[1]:]
page2 = re.sub(r"/Contents (\d+ 0 R|\[[^\]]*\])", "/Contents %d 0 R" % n_c, page2, 1)
page2 = page2.replace("/Type /Page\n", "/Type /Page\n  /Group << /S /Transparency /CS /DeviceRGB >>\n", 1)
out = {pages[0]: "%d 0 obj\n%s\nendobj\n" % (pages[0], page2)}
for k in sorted(objs):
    d, s = objs[k]
    if s is None: out[k] = "%d 0 obj\n%s\nendobj\n" % (k, d)
    else:
        s = s if isinstance(s, str) else s.decode("latin-1")
        out[k] = "%d 0 obj\n%s /Length %d >>\nstream\n%s\nendstream\nendobj\n" % (k, d[:-2].rstrip(), len(s), s)
# Written as an incremental update of IN (qpdf writes it back as one revision).
root = re.search(r"/Root (\d+ \d+ R)", pdf.split("\ntrailer")[-1]).group(1)
prev = int(re.findall(r"startxref\s+(\d+)", pdf)[-1])
body = pdf if pdf.endswith("\n") else pdf + "\n"
offs = {}
for k in sorted(out):
    offs[k] = len(body); body += out[k]
xref = len(body)
body += "xref\n"
for k in sorted(out): body += "%d 1\n%010d 00000 n \n" % (k, offs[k])
body += "trailer\n<< /Size %d /Root %s /Prev %d >>\nstartxref\n%d\n%%%%EOF\n" % (nxt[0], root, prev, xref)
open(dst, "wb").write(body.encode("latin-1"))
print(" ".join(kinds))
EOF
}

# pdf_shuffle IN OUT NAME SEED: a text PDF whose content stream draws the
# page's text in an order that is not the reading order (pdfshuffled,
# unseen186). IN is a QDF file (qpdf --qdf) of one page; every text run of
# the page's content stream (each BT/ET block cut at its positioning
# operators, so a line drawn in pieces becomes pieces) is taken out of its
# place and drawn again after the page's other content, each piece in its
# own q/Q with the graphics state it had (CTM, fill colour, ExtGState, text
# state) and an absolute Tm, in one order drawn from SEED and the document:
# 0 the reverse of the reading order (the footer first, the header last),
# 1 the right half of the page before the left, 2 column by column (a table
# drawn down each column), 3 the rows bottom first, 4 each line's pieces
# right to left (values before captions) with the header and footer bands
# first, 5 a scattered order. The page looks as printed. Written as OUT
# (still QDF: run fix-qdf on it). Prints the order's name and the pieces.
pdf_shuffle() {
  python3 - "$@" <<'EOF'
import hashlib, re, sys
src, dst, name, seed = sys.argv[1:5]
def pick(what, k): return int(hashlib.sha256(("%s pdfshuffled %s %s" % (name, what, seed)).encode()).hexdigest(), 16) % k
def die(msg): sys.exit("heldout: pdfshuffled: %s: %s" % (name, msg))
pdf = open(src, "rb").read().decode("latin-1")
pages = re.findall(r"\n(\d+) 0 obj\n<<(?:(?!endobj).)*?\n  /Type /Page\n", pdf, re.S)
if len(pages) != 1: die("not one page (%d)" % len(pages))
po = re.search(r"\n%s 0 obj\n(.*?)\nendobj\n" % pages[0], pdf, re.S).group(1)
mb = re.search(r"/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]", po)
W, H = float(mb.group(3)) - float(mb.group(1)), float(mb.group(4)) - float(mb.group(2))
m = re.search(r"/Contents (\d+) 0 R", po)
if not m: die("the page's /Contents is not one stream")
sm = re.search(r"(\n%s 0 obj\n<<.*?>>\nstream\n)(.*?)(\nendstream)" % m.group(1), pdf, re.S)
if not sm or "/Filter" in sm.group(1): die("the content stream is not plain (QDF expected)")
data = sm.group(2)
tok = re.compile(r"\s*(<<|>>|<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)|\[(?:\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>|[^\]()<])*\]|/[^\s/\[\]()<>{}]*|[-+]?\d*\.?\d+|[A-Za-z'\"*]+\d?\*?|%[^\n]*)", re.S)
ops, args, pos = [], [], 0
while pos < len(data):
    t = tok.match(data, pos)
    if not t:
        if data[pos:].strip() == "": break
        die("cannot read the content stream at %d" % pos)
    pos = t.end(); v = t.group(1)
    if v.startswith("%"): continue
    if re.match(r"^[A-Za-z'\"]", v) and v not in ("true", "false", "null"):
        ops.append((v, args)); args = []
    else: args.append(v)
def mul(a, b):
    return [a[0]*b[0]+a[1]*b[2], a[0]*b[1]+a[1]*b[3], a[2]*b[0]+a[3]*b[2], a[2]*b[1]+a[3]*b[3],
            a[4]*b[0]+a[5]*b[2]+b[4], a[4]*b[1]+a[5]*b[3]+b[5]]
def fmt(x): return ("%.5f" % x).rstrip("0").rstrip(".") if x != int(x) else "%d" % x
ctm, fill, gsop, ts = [1, 0, 0, 1, 0, 0], [], [], {}
stack, keep, pieces = [], [], []
intext = False
for op, a in ops:
    line = " ".join(a + [op])
    if op == "BT":
        intext = True; tm = tlm = [1, 0, 0, 1, 0, 0]; cur = None; continue
    if op == "ET":
        intext = False; cur = None; continue
    if op in ("Tf", "Tc", "Tw", "Tz", "TL", "Ts", "Tr"):
        ts[op] = line
        if intext and cur is not None: cur["shows"].append(line)
        elif not intext: keep.append(line)
        continue
    if intext:
        if op in ("Tm", "Td", "TD", "T*"):
            if op == "Tm": tlm = [float(x) for x in a]
            elif op == "T*": tlm = mul([1, 0, 0, 1, 0, -float(ts.get("TL", "0 TL").split()[0])], tlm)
            else:
                tlm = mul([1, 0, 0, 1, float(a[0]), float(a[1])], tlm)
                if op == "TD": ts["TL"] = "%s TL" % fmt(-float(a[1]))
            tm = tlm; cur = None; continue
        if op in ("Tj", "TJ", "'", '"'):
            if op in ("'", '"'):
                tlm = mul([1, 0, 0, 1, 0, -float(ts.get("TL", "0 TL").split()[0])], tlm); tm = tlm; cur = None
                if op == '"': ts["Tw"] = "%s Tw" % a[0]; ts["Tc"] = "%s Tc" % a[1]
                a, op = a[-1:], "Tj"; line = " ".join(a + [op])
            if cur is None:
                d = mul(tm, ctm)
                cur = {"ctm": list(ctm), "fill": list(fill), "gs": list(gsop), "ts": dict(ts), "tm": list(tm),
                       "x": d[4], "y": d[5], "shows": [], "n": len(pieces)}
                pieces.append(cur)
            cur["shows"].append(line); continue
        if op in ("rg", "g", "k", "sc", "scn", "cs"):
            fill = (fill if op in ("sc", "scn") and fill and fill[0].endswith(" cs") else []) + [line]
            keep.append(line); cur = None; continue
        continue
    if op == "q": stack.append((list(ctm), list(fill), list(gsop), dict(ts)))
    elif op == "Q":
        if stack: ctm, fill, gsop, ts = stack.pop()
    elif op == "cm": ctm = mul([float(x) for x in a], ctm)
    elif op in ("rg", "g", "k", "cs"): fill = [line]
    elif op in ("sc", "scn"): fill = (fill[:1] if fill and fill[0].endswith(" cs") else []) + [line]
    elif op == "gs": gsop = [line]
    keep.append(line)
if len(pieces) < 4: die("only %d text pieces" % len(pieces))
lh = max(4.0, H / 120)
def reading(p): return (-round(p["y"] / lh), p["x"])
kinds = ["reverse", "rightfirst", "columns", "bottomrows", "valuesfirst", "scatter"]
kind = pick("kind", len(kinds))
if kind == 0: order = sorted(pieces, key=reading, reverse=True)
elif kind == 1: order = sorted(pieces, key=lambda p: (p["x"] < W / 2,) + reading(p))
elif kind == 2: order = sorted(pieces, key=lambda p: (round(p["x"] / (W / 10)), -p["y"]))
elif kind == 3: order = sorted(pieces, key=lambda p: (round(p["y"] / lh), p["x"]))
elif kind == 4:
    band = lambda p: 0 if p["y"] > H * 0.86 or p["y"] < H * 0.12 else 1
    order = sorted(pieces, key=lambda p: (band(p), -round(p["y"] / lh), -p["x"]))
else: order = sorted(pieces, key=lambda p: hashlib.sha256(("%s %s %d" % (name, seed, p["n"])).encode()).hexdigest())
if [p["n"] for p in order] == sorted(p["n"] for p in pieces):
    order = order[::-1]
# The page's own content in q/Q (its first cm is often outside any q), its
# open q's closed, so each piece starts from the page's default state.
out = ["q"] + keep + ["Q"] * len(stack) + ["Q"]
for p in order:
    out.append("q")
    out.append(" ".join(fmt(x) for x in p["ctm"]) + " cm")
    out += p["gs"] + p["fill"]
    out.append("BT")
    out += [p["ts"][k] for k in ("Tf", "Tc", "Tw", "Tz", "TL", "Ts", "Tr") if k in p["ts"]]
    out.append(" ".join(fmt(x) for x in p["tm"]) + " Tm")
    out += p["shows"]
    out += ["ET", "Q"]
body = "\n".join(out)
pdf = pdf[:sm.start(2)] + body + pdf[sm.end(2):]
open(dst, "wb").write(pdf.encode("latin-1"))
print(kinds[kind], len(pieces))
EOF
}

upload() {
  local s=$1 n=$2 c=$3 docs=$out/$1/docs base W H f
  f=$(ls "$docs/$n.$c".* 2>/dev/null | head -1 || true)
  if [[ -n $f ]]; then echo "$f"; return; fi
  case $c in
    pdf | pdfhead | pdfoutline | pdfcurves | pdfa | docscan | feeder | pdfprotect | pdfannot | pdftype3 | pdf2up | pdfform | pdfincremental | pdfmixed | pdflayers | pdfcovered | pdfinherit | pdflabelsize | pdfcid | pdfsideways | pdfsmallcaps | pdfglyphs | pdfspotcolour | pdfoldfilters | pdflongpage | pdfdamaged | pdfblend | pdfkerning | pdfxobject | pdfshuffled | pdfoddboxes) ;;
    *) base=$(page "$s" "$n"); W=$(identify -format %w "$base"); H=$(identify -format %h "$base") ;;
  esac
  case $c in
    upright) f=$docs/$n.upright.png; cp "$base" "$f" ;;
    rot90 | rot180 | rot270) f=$docs/$n.$c.png; convert "$base" -rotate "${c#rot}" "$f" ;;
    exif6)
      # Stored sideways, displayed upright by its EXIF Orientation 6.
      f=$docs/$n.exif6.jpg
      convert "$base" -rotate -90 -quality 85 "$f"
      exiftool -q -overwrite_original -Orientation=6 -n "$f" ;;
    photo)
      # A phone photo: perspective, a shadow across the page, noise, JPEG 60.
      f=$docs/$n.photo.jpg
      convert "$base" -background '#9a9a9a' -virtual-pixel background \
        -distort Perspective "0,0 $((W/25)),$((H/18))  $W,0 $((W-W/40)),$((H/40))  0,$H $((W/60)),$((H-H/30))  $W,$H $((W-W/18)),$((H-H/12))" \
        \( -size "${W}x${H}" gradient:'#6e6e6e'-'#ffffff' -rotate 25 -resize "${W}x${H}!" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.35 +noise Gaussian -quality 60 "$f" ;;
    scan)
      # A flatbed scan: grey, skewed 2.2 degrees, noise.
      f=$docs/$n.scan.jpg
      convert "$base" -colorspace Gray -background white -rotate 2.2 -seed "$seed" -attenuate 0.3 +noise Gaussian -quality 88 "$f" ;;
    severe)
      # Severe: about 100 dpi, blurred, noisy, JPEG 40.
      f=$docs/$n.severe.jpg
      convert "$base" -resize 48% -blur 0x1.1 -seed "$seed" -attenuate 0.3 +noise Gaussian -quality 40 "$f" ;;
    px600)
      # What a messaging app or an old phone sends: 600 px on the long side, JPEG 85.
      f=$docs/$n.px600.jpg
      convert "$base" -resize 600x600 -quality 85 "$f" ;;
    carton)
      # A label stuck on a carton, photographed at an angle: the label a little
      # askew on the printed board, the board bowed (lines become arcs), then
      # the camera's perspective, light falling off across it, sensor noise.
      f=$docs/$n.carton.jpg
      local CW=$((W * 3 / 2)) CH=$((H * 5 / 2)) tilt
      tilt=$(( $(pick "$n" "$seed" 7) - 3 ))
      convert -size "${CW}x${CH}" xc:'#e2e7ec' \
        -fill '#2f5f8a' -draw "rectangle 0,$((CH / 9)) $CW,$((CH / 9 + CH / 7))" \
        -fill '#c9d3dc' -draw "rectangle 0,$((CH * 8 / 10)) $CW,$((CH * 8 / 10 + CH / 30))" \
        -seed "$seed" -attenuate 0.15 +noise Gaussian \
        \( "$base" -bordercolor '#d0d0d0' -border 1 -background none -rotate "$tilt" \
           \( +clone -background black -shadow 45x3+3+4 \) +swap -background none -compose over -layers merge +repage \) \
        -gravity center -geometry +$((CW / 30))+$((CH / 12)) -compose over -composite +gravity \
        -background '#5e4e3e' -virtual-pixel background -wave $((CH / 45))x$((CW * 2)) +repage "$docs/$n.carton.png"
      local W2 H2
      W2=$(identify -format %w "$docs/$n.carton.png"); H2=$(identify -format %h "$docs/$n.carton.png")
      convert "$docs/$n.carton.png" -background '#5e4e3e' -virtual-pixel background \
        -distort Perspective "0,0 $((W2 / 9)),$((H2 / 14))  $W2,0 $((W2 - W2 / 40)),0  0,$H2 $((W2 / 7)),$((H2 - H2 / 10))  $W2,$H2 $((W2 - W2 / 30)),$H2" \
        \( -size "${W2}x${H2}" xc: -sparse-color Barycentric "0,0 #ffffff $W2,$H2 #9a9a9a" \) -compose multiply -composite \
        -blur 0x0.7 -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 82 "$f"
      rm -f "$docs/$n.carton.png" ;;
    lowlight)
      # Low light with a glare spot: a phone photo at dusk under a warm lamp,
      # under-exposed, the sensor's noise turned up, a little hand shake, and
      # the lamp's reflection washing out a round patch (text under it stays
      # legible to a person who looks).
      f=$docs/$n.lowlight.jpg
      local R=$(((W > H ? W : H) / 5)) GX GY
      GX=$(pick "$n" "$seed" "$W"); GY=$(pick "$n y" "$seed" "$H")
      convert "$base" -background '#303030' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 30)),$((H / 25))  $W,0 $((W - W / 50)),$((H / 50))  0,$H 0,$((H - H / 40))  $W,$H $((W - W / 25)),$((H - H / 15))" \
        -fill '#ffb866' -colorize 14% -evaluate multiply 0.42 \
        \( -size "${W}x${H}" xc:black \( -size "$((2 * R))x$((2 * R))" radial-gradient:'#bdbdbd'-black \) \
           -geometry "+$((GX - R))+$((GY - R))" -compose lighten -composite \) -compose screen -composite \
        -motion-blur 0x1.4+25 -seed "$seed" -attenuate 0.9 +noise Gaussian -quality 72 "$f" ;;
    crumpled)
      # Paper crumpled then flattened for the photo: a smooth random field
      # pushes the print about, facets of two sizes shade it (light from one
      # side), then an ordinary phone photo.
      f=$docs/$n.crumpled.jpg
      local D=$((W / 90 + 3))
      convert -size "$((W / 10))x$((H / 10))" -seed "$seed" plasma:grey50-grey50 -colorspace gray -blur 0x2 -auto-level -resize "${W}x${H}!" "$docs/$n.dmap.png"
      convert \( -size "$((W / 10))x$((H / 10))" -seed "$((seed + 1))" plasma:grey50-grey50 -colorspace gray -blur 0x1 -shade 115x40 -auto-level -resize "${W}x${H}!" \) \
        \( -size "$((W / 28))x$((H / 28))" -seed "$((seed + 2))" plasma:grey50-grey50 -colorspace gray -shade 115x40 -auto-level -resize "${W}x${H}!" \) \
        -compose multiply -composite -auto-level +level 50%,100% "$docs/$n.shade.png"
      convert "$base" "$docs/$n.dmap.png" -define compose:args="${D}x${D}" -compose displace -composite \
        "$docs/$n.shade.png" -compose multiply -composite \
        -background '#8c8c8c' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 40)),$((H / 30))  $W,0 $((W - W / 30)),$((H / 60))  0,$H $((W / 50)),$((H - H / 25))  $W,$H $((W - W / 20)),$((H - H / 20))" \
        -seed "$seed" -attenuate 0.3 +noise Gaussian -quality 70 "$f"
      rm -f "$docs/$n.dmap.png" "$docs/$n.shade.png" ;;
    screen)
      # A phone photo of a computer screen: the page at the screen's own pixel
      # size, each pixel three RGB stripes with a dark gap below (the pixel
      # grid), slightly out of focus, in perspective and turned, then sampled
      # by the camera at a pitch that does not divide the grid (moire), the
      # screen brighter in one corner.
      f=$docs/$n.screen.jpg
      convert -size 1x1 xc:'#ff5050' xc:'#50ff50' xc:'#5050ff' +append \( +clone \) \( +clone -evaluate multiply 0.45 \) -append "$docs/$n.grid.png"
      local SW=$((W / 2)) SH=$((H / 2)) X=$((W / 2 * 3)) Y=$((H / 2 * 3))
      convert "$base" -resize "${SW}x${SH}!" -filter point -resize "${X}x${Y}!" +filter \
        \( -size "${X}x${Y}" tile:"$docs/$n.grid.png" \) -compose multiply -composite -level 0%,62% \
        -blur 0x0.6 -background '#151515' -virtual-pixel background \
        -distort Perspective "0,0 $((X / 25)),$((Y / 30))  $X,0 $((X - X / 60)),$((Y / 80))  0,$Y $((X / 60)),$((Y - Y / 25))  $X,$Y $((X - X / 22)),$((Y - Y / 60))" \
        -rotate 1.7 +repage -sample 57% -blur 0x0.5 \
        \( +clone -sparse-color Barycentric "0,0 #d8d8d8 %[fx:w],%[fx:h] #ffffff" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.35 +noise Gaussian -quality 80 "$f"
      rm -f "$docs/$n.grid.png" ;;
    mp12)
      # A 12 MP phone photo (4000x3000; a page held upright is stored sideways
      # with EXIF Orientation 6, as phones do) of the page on a table, at the
      # best JPEG quality that stays under the 4,000,000-byte upload limit.
      f=$docs/$n.mp12.jpg
      local FW=4000 FH=3000 PW PH
      ((H > W)) && FW=3000 FH=4000
      PW=$((FW * 80 / 100)) PH=$((FH * 80 / 100))
      convert -size "${FW}x${FH}" xc:'#8a7560' -seed "$seed" -attenuate 0.2 +noise Gaussian \
        \( "$base" -resize "${PW}x${PH}" -background '#8a7560' -virtual-pixel background \) -gravity center -compose over -composite +gravity \
        -distort Perspective "0,0 $((FW / 30)),$((FH / 40))  $FW,0 $((FW - FW / 60)),0  0,$FH 0,$((FH - FH / 30))  $FW,$FH $((FW - FW / 25)),$((FH - FH / 50))" \
        \( -size "${FW}x${FH}" xc: -sparse-color Barycentric "0,0 #ffffff $FW,$FH #b0b0b0" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.12 +noise Gaussian -unsharp 0x1.2+0.5+0 "$docs/$n.mp12.miff"
      ((H > W)) && convert "$docs/$n.mp12.miff" -rotate -90 "$docs/$n.mp12.miff"
      local q
      for q in 92 88 84 80 76 72 68; do
        convert "$docs/$n.mp12.miff" -quality "$q" "$f"
        (($(stat -c %s "$f") < 4000000)) && break
      done
      rm -f "$docs/$n.mp12.miff"
      ((H > W)) && exiftool -q -overwrite_original -Orientation=6 -n "$f"
      true ;;
    fax)
      # A fax received as a file: fine mode (204x196 dpi, 1728 dots across, a
      # letter page 2156 lines long), one bit a pixel, slightly skewed by the
      # sending machine's feeder, a few specks, Group 4 TIFF.
      f=$docs/$n.fax.tif
      convert "$base" -colorspace Gray -resize '1728x>' -background white -gravity center -extent "1728x$H" \
        -rotate 0.5 +repage -crop 1728x+0+0 +repage -gravity north -extent "1728x$((H > 2156 ? H : 2156))" +gravity \
        -seed "$seed" -attenuate 0.06 +noise Impulse -threshold 58% -monochrome \
        -units PixelsPerInch -density 204x196 -compress Group4 "$f" ;;
    scanapp)
      # A scanner app's PDF: the page image, evened out and grey, under an
      # invisible OCR text layer (Tesseract's own PDF, exactly what
      # `tesseract page.jpg out pdf` writes). Where NAME.layer.html exists, the
      # layer is read from that page instead and the image put back: the text
      # layer disagrees with what is printed.
      f=$docs/$n.scanapp.pdf
      local prep=(-colorspace Gray -background white -rotate 0.6 -level 6%,94% -seed "$seed" -attenuate 0.12 +noise Gaussian -units PixelsPerInch -density 200 -quality 80)
      convert "$base" "${prep[@]}" "$docs/$n.scanapp.jpg"
      if [[ -e $out/$s/png/$n.layer.png ]]; then
        convert "$out/$s/png/$n.layer.png" "${prep[@]}" "$docs/$n.scanapp-layer.jpg"
        tesseract "$docs/$n.scanapp-layer.jpg" "$docs/$n.scanapp-layer" pdf >/dev/null 2>&1
        python3 - "$docs/$n.scanapp-layer.pdf" "$docs/$n.scanapp-layer.jpg" "$docs/$n.scanapp.jpg" "$f" <<'EOF'
# Put the printed page's JPEG where Tesseract embedded the layer page's, then
# write the cross-reference table again (same size and colour, other pixels).
import re, sys
pdf, old, new = (open(p, "rb").read() for p in sys.argv[1:4])
i = pdf.index(old)
length = b"/Length %d" % len(old)
j = pdf.rindex(length, 0, i)
pdf = pdf[:j] + b"/Length %d" % len(new) + pdf[j + len(length):i] + new + pdf[i + len(old):]
body = pdf[:pdf.rindex(b"\nxref\n") + 1]
offsets = {int(m.group(1)): m.start(1) for m in re.finditer(rb"(?m)^(\d+) 0 obj", body)}
trailer = pdf[pdf.rindex(b"trailer"):pdf.rindex(b"startxref")]
xref = b"xref\n0 %d\n0000000000 65535 f \n" % (max(offsets) + 1)
xref += b"".join(b"%010d 00000 n \n" % offsets[k] for k in range(1, max(offsets) + 1))
open(sys.argv[4], "wb").write(body + xref + trailer + b"startxref\n%d\n%%%%EOF\n" % len(body))
EOF
        rm -f "$docs/$n.scanapp-layer".*
      else
        tesseract "$docs/$n.scanapp.jpg" "${f%.pdf}" pdf >/dev/null 2>&1
      fi
      rm -f "$docs/$n.scanapp.jpg" ;;
    forwarded)
      # A phone photo sent on a messaging app, saved, and sent on again: each
      # hop scales it down (1600 px on the long side, then 1280) and
      # recompresses it (JPEG 75, then 70, chroma halved), dropping metadata.
      f=$docs/$n.forwarded.jpg
      convert "$base" -background '#a8a8a8' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 40)),$((H / 50))  $W,0 $((W - W / 60)),$((H / 70))  0,$H $((W / 70)),$((H - H / 45))  $W,$H $((W - W / 35)),$((H - H / 40))" \
        \( -size "${W}x${H}" xc:white -sparse-color Barycentric "0,0 #cfcfcf $W,$H #ffffff" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 92 "$docs/$n.hop1.jpg"
      convert "$docs/$n.hop1.jpg" -resize '1600x1600>' -strip -sampling-factor 2x2 -quality 75 "$docs/$n.hop2.jpg"
      convert "$docs/$n.hop2.jpg" -resize '1280x1280>' -strip -sampling-factor 2x2 -quality 70 "$f"
      rm -f "$docs/$n.hop1.jpg" "$docs/$n.hop2.jpg" ;;
    reforwarded)
      # An image forwarded several times through messaging and social apps
      # (unseen173), as a patient sends on a picture someone sent them, or
      # saves a forward and sends it again: the start is a screenshot of the
      # page or a phone photo of it (perspective, light falling off, noise),
      # then three to six generations, each scaled to 1280 or 1600 px on its
      # long side (one app in four scales it up again by 25%), chroma halved
      # (colour fringes around red and blue print), metadata dropped and
      # re-encoded as JPEG at quality 40-75 (blocks and ringing around text);
      # at one generation an app adds a border (white or dark padding) or
      # crops a sliver (1% a side, inside the page's own margin), and on some
      # documents (one in eight) that app's border carries a "Forwarded many times" badge in
      # its corner, beside the picture, never over it. Every choice drawn from
      # SEED and the document. Not harsh: every field stays legible to a
      # person.
      f=$docs/$n.reforwarded.jpg
      local rgens rstart redit rbadge rk rsz rq rcur rnext rkind rup
      rgens=$((3 + $(pick "$n reforwarded gens" "$seed" 4)))
      rstart=$(pick "$n reforwarded start" "$seed" 3)
      redit=$((1 + $(pick "$n reforwarded edit" "$seed" "$rgens")))
      rbadge=$(pick "$n reforwarded badge" "$seed" 8)
      rkind=$(pick "$n reforwarded kind" "$seed" 3)
      ((rbadge == 0)) && rkind=1
      rcur=$docs/$n.rf0.jpg
      if ((rstart == 0)); then
        convert "$base" -strip -quality 92 "$rcur"
      else
        convert "$base" -background '#9d9a94' -virtual-pixel background \
          -distort Perspective "0,0 $((W / 45)),$((H / 55))  $W,0 $((W - W / 70)),$((H / 80))  0,$H $((W / 80)),$((H - H / 50))  $W,$H $((W - W / 40)),$((H - H / 45))" \
          \( -size "${W}x${H}" xc:white -sparse-color Barycentric "0,0 #d2d2d2 $W,$H #ffffff" \) -compose multiply -composite \
          -seed "$seed" -attenuate 0.2 +noise Gaussian -quality 90 "$rcur"
      fi
      for ((rk = 1; rk <= rgens; rk++)); do
        rsz=$((1280 + 320 * $(pick "$n reforwarded size $rk" "$seed" 2)))
        rq=$((40 + $(pick "$n reforwarded quality $rk" "$seed" 36)))
        rup=()
        (($(pick "$n reforwarded up $rk" "$seed" 4) == 0)) && rup=(-resize 125%)
        rnext=$docs/$n.rf$rk.jpg
        if ((rk == redit)); then
          local rw rh rb
          rw=$(identify -format %w "$rcur") rh=$(identify -format %h "$rcur")
          rb=$(((rw > rh ? rw : rh) * 3 / 100))
          case $rkind in
            0) convert "$rcur" -bordercolor white -border "${rb}x${rb}" "$docs/$n.rfe.png" ;;
            1)
              # A dark padding above and below (a story or status frame); with the badge, in its top left corner.
              convert "$rcur" -background '#1e1e1e' -gravity north -splice "0x$((rb * 2))" -gravity south -splice "0x$((rb * 2))" +gravity "$docs/$n.rfe.png"
              if ((rbadge == 0)); then
                local bh=$((rb * 2 * 7 / 10)) bp
                bp=$((bh * 45 / 100))
                convert "$docs/$n.rfe.png" -fill '#3a3a3a' -draw "roundrectangle $((rb / 2)),$((rb * 3 / 10)) $((rb / 2 + bh * 7)),$((rb * 3 / 10 + bh)) $((bh / 3)),$((bh / 3))" \
                  -fill '#e8e8e8' -font DejaVu-Sans-Bold -pointsize "$bp" -annotate "+$((rb / 2 + bh / 3))+$((rb * 3 / 10 + bh * 68 / 100))" '>> Forwarded many times' "$docs/$n.rfe.png"
              fi ;;
            *) convert "$rcur" -shave "$((rw / 100))x$((rh / 100))" +repage "$docs/$n.rfe.png" ;;
          esac
          rcur=$docs/$n.rfe.png
        fi
        convert "$rcur" -resize "${rsz}x${rsz}>" "${rup[@]}" -strip -sampling-factor 2x2 -quality "$rq" "$rnext"
        rcur=$rnext
      done
      mv "$rcur" "$f"
      rm -f "$docs/$n".rf[0-9]*.jpg "$docs/$n.rfe.png" ;;
    recompressed)
      # An image that went through several apps before it reached us, as
      # patients forward pictures (unseen183): a phone photo of the page
      # (slight perspective, light falling off, noise) sent by a messaging
      # app (the long side cut to 1600 or 1280 px, chroma halved, JPEG
      # 70-80), saved, then two to four generations in all: each later one
      # either forwarded again (scaled to 1600, 1280 or 1080 px on the long
      # side, never up, JPEG 60-85, chroma halved or kept) or a PNG
      # screenshot of the JPEG as the phone's viewer shows it (fitted on a
      # 1170x2532 screen, turned 2532x1170 for a landscape image, on the
      # app's black or white margins); one generation in three adds a slight
      # colour shift (saturation and hue nudged, as a chroma re-subsampling
      # and an app's colour handling leave it). Blocking and ringing around
      # the letters add up over the generations. The number of generations,
      # each one's kind, size and quality, the margins' colour and the shift
      # drawn from SEED and the document. Not harsh: every field stays
      # legible to a person.
      local qgens qk qkind qsz qq qsf qcur qnext qext qshift qw qh
      qgens=$((2 + $(pick "$n recompressed gens" "$seed" 3)))
      qcur=$docs/$n.rc0.jpg
      convert "$base" -background '#a39f98' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 50)),$((H / 60))  $W,0 $((W - W / 65)),$((H / 75))  0,$H $((W / 75)),$((H - H / 55))  $W,$H $((W - W / 45)),$((H - H / 50))" \
        \( -size "${W}x${H}" xc:white -sparse-color Barycentric "0,0 #d6d6d6 $W,$H #ffffff" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.2 +noise Gaussian -quality 92 "$qcur"
      qsz=$((1280 + 320 * $(pick "$n recompressed size 1" "$seed" 2)))
      qq=$((70 + $(pick "$n recompressed quality 1" "$seed" 11)))
      convert "$qcur" -resize "${qsz}x${qsz}>" -strip -sampling-factor 2x2 -quality "$qq" "$docs/$n.rc1.jpg"
      qcur=$docs/$n.rc1.jpg qext=jpg
      for ((qk = 2; qk <= qgens; qk++)); do
        qkind=$(pick "$n recompressed kind $qk" "$seed" 3)
        qshift=()
        (($(pick "$n recompressed shift $qk" "$seed" 3) == 0)) && qshift=(-modulate "100,$((92 + $(pick "$n recompressed sat $qk" "$seed" 7))),$((99 + $(pick "$n recompressed hue $qk" "$seed" 3)))")
        if ((qkind == 0)); then
          # A screenshot of the picture in the viewer: fitted on the screen, on its margins, PNG.
          local qbg=black sw=1170 sh=2532
          (($(pick "$n recompressed margin $qk" "$seed" 2) == 1)) && qbg=white
          qw=$(identify -format %w "$qcur") qh=$(identify -format %h "$qcur")
          ((qw > qh)) && sw=2532 sh=1170
          qnext=$docs/$n.rc$qk.png
          convert "$qcur" "${qshift[@]}" -resize "${sw}x${sh}>" -background "$qbg" -gravity center -extent "${sw}x${sh}" +repage -strip "$qnext"
          qext=png
        else
          qsz=$((1080 + 200 * $(pick "$n recompressed size $qk" "$seed" 3)))
          ((qsz == 1480)) && qsz=1600
          qq=$((60 + $(pick "$n recompressed quality $qk" "$seed" 26)))
          qsf=2x2
          (($(pick "$n recompressed chroma $qk" "$seed" 3) == 0)) && qsf=1x1
          qnext=$docs/$n.rc$qk.jpg
          convert "$qcur" "${qshift[@]}" -resize "${qsz}x${qsz}>" -strip -sampling-factor "$qsf" -quality "$qq" "$qnext"
          qext=jpg
        fi
        qcur=$qnext
      done
      f=$docs/$n.recompressed.$qext
      mv "$qcur" "$f"
      rm -f "$docs/$n".rc[0-9]*.jpg "$docs/$n".rc[0-9]*.png ;;
    inhand)
      # The page held in one hand over a table: the thumb over its left edge
      # (and the hand beyond it), a second paper (a medicine leaflet, no name,
      # date or medicine on it) lying partly in frame behind, the page a
      # little turned, perspective, light falling off, noise, JPEG 80.
      f=$docs/$n.inhand.jpg
      local CW=$((W * 3 / 2)) CH=$((H * 6 / 5)) PX=$((W / 8)) PY=$((H / 14)) TR=$(((W < H ? W : H) / 10)) leaflet
      # (caption: measures its text on one line first, and ImageMagick's
      # policy caps that at 8,000 px wide: two short paragraphs, stacked.)
      leaflet=("Package leaflet: Information for the user. Read all of this leaflet carefully before you start using this medicine because it contains important information for you. Keep this leaflet. You may need to read it again. If you have any further questions, ask your doctor, pharmacist or nurse."
        "What is in this leaflet: 1. What this medicine is and what it is used for. 2. What you need to know before you use it. 3. How to use it. 4. Possible side effects. 5. How to store it. Store in a refrigerator. Do not freeze.")
      convert -size "${CW}x${CH}" xc:'#6f5b47' -seed "$seed" -attenuate 0.3 +noise Gaussian -blur 0x1 \
        \( -size "$((W * 3 / 4))x" -background '#f4f2ec' -fill '#555555' -font DejaVu-Sans -pointsize $((W / 75 + 6)) \
           caption:"${leaflet[0]}" caption:"${leaflet[1]}" -append -gravity north -extent "$((W * 3 / 4))x$((H * 4 / 5))" +gravity \
           -bordercolor '#f4f2ec' -border $((W / 40)) -background none -rotate -9 \) \
        -geometry "+$((W * 4 / 5))+$((CH / 20))" -compose over -composite \
        \( "$base" -background none -rotate 1.5 \( +clone -background black -shadow 50x6+5+8 \) +swap -background none -layers merge +repage \) \
        -geometry "+${PX}+${PY}" -compose over -composite \
        \( -size "${CW}x${CH}" xc:none -fill '#b97c60' -draw "ellipse $((PX - TR)),$((PY + H * 7 / 10)) $((TR * 2)),$((TR * 7 / 10)) 0,360" \
           -fill '#c98f72' -draw "ellipse $((PX - TR)),$((PY + H * 7 / 10 - TR / 6)) $((TR * 19 / 10)),$((TR * 4 / 10)) 0,360" \
           -fill '#e2b9a4' -draw "roundrectangle $((PX + TR * 3 / 10)),$((PY + H * 7 / 10 - TR * 4 / 10)) $((PX + TR * 9 / 10)),$((PY + H * 7 / 10 + TR * 3 / 10)) $((TR / 5)),$((TR / 5))" \
           -blur 0x$((TR / 20 + 1)) \( +clone -background black -shadow 45x5+4+6 \) +swap -background none -layers merge +repage \) \
        -geometry "+0+0" -compose over -composite \
        -background '#5b4a3a' -virtual-pixel background \
        -distort Perspective "0,0 $((CW / 30)),$((CH / 40))  $CW,0 $((CW - CW / 50)),0  0,$CH 0,$((CH - CH / 35))  $CW,$CH $((CW - CW / 25)),$((CH - CH / 30))" \
        \( -size "${CW}x${CH}" xc:white -sparse-color Barycentric "0,0 #ffffff $CW,$CH #a8a8a8" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 80 "$f" ;;
    chatshot)
      # A screenshot of a photo inside a messaging app, sent instead of the
      # photo: a phone photo of the page (a little turned by SEED, perspective,
      # light falling off, noise) shown as a sent image in a chat, fitted in
      # 860x1800 px, on a 1170x2532 screenshot (a phone's 3x screen: status
      # bar, chat header, a "Today" chip, the bubble with its time and ticks,
      # the message bar), saved as JPEG 85. No name, date or medicine in the
      # chat around it.
      f=$docs/$n.chatshot.jpg
      local tilt PW PH BX BY=440
      tilt=$(awk "BEGIN{print ($(pick "$n chat" "$seed" 31) - 15) / 10}")
      convert "$base" -background '#9c958a' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 45)),$((H / 40))  $W,0 $((W - W / 55)),$((H / 70))  0,$H $((W / 60)),$((H - H / 45))  $W,$H $((W - W / 35)),$((H - H / 32))" \
        -rotate "$tilt" +repage \
        \( +clone -sparse-color Barycentric "0,0 #d2d2d2 %[fx:w],%[fx:h] #ffffff" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.2 +noise Gaussian -resize 860x1800 "$docs/$n.chat.png"
      PW=$(identify -format %w "$docs/$n.chat.png"); PH=$(identify -format %h "$docs/$n.chat.png")
      BX=$((1170 - 36 - PW - 24))
      convert -size 1170x2532 xc:'#efe7de' \
        -fill '#f7f7f7' -draw "rectangle 0,0 1170,330" -fill '#d0d0d0' -draw "rectangle 0,329 1170,331" \
        -font DejaVu-Sans-Bold -fill '#111111' -pointsize 44 -annotate +80+95 '9:41' \
        -font DejaVu-Sans -pointsize 40 -annotate +890+95 '5G 76%' \
        -fill '#0a7aff' -pointsize 90 -annotate +30+270 '‹' \
        -fill '#7d9bb5' -draw "circle 190,240 190,290" \
        -font DejaVu-Sans-Bold -fill '#111111' -pointsize 48 -annotate +270+228 'Family' \
        -font DejaVu-Sans -fill '#666666' -pointsize 34 -annotate +270+285 'tap here for group info' \
        -fill '#e1f2fb' -draw "roundrectangle 485,365 685,425 20,20" -fill '#555555' -pointsize 34 -annotate +532+407 'Today' \
        -fill '#dcf8c6' -draw "roundrectangle $BX,$BY $((1170 - 36)),$((BY + PH + 96)) 26,26" \
        "$docs/$n.chat.png" -geometry "+$((BX + 12))+$((BY + 12))" -compose over -composite \
        -fill '#667781' -pointsize 32 -annotate "+$((1170 - 36 - 190))+$((BY + PH + 72))" '14:02 ✓✓' \
        -fill '#f7f7f7' -draw "rectangle 0,2340 1170,2532" \
        -fill white -stroke '#cccccc' -strokewidth 2 -draw "roundrectangle 120,2375 960,2475 50,50" -stroke none \
        -fill '#999999' -pointsize 40 -annotate +170+2440 'Message' \
        -quality 85 "$f"
      rm -f "$docs/$n.chat.png" ;;
    duplexblank)
      # A multi-page scan made on a duplex (two-sided) office or home scanner
      # with "skip blank pages" off, as patients scan a letter or a stapled
      # pack (unseen165): every sheet gives a front and a back, and the back
      # is almost blank but not quite: a faint show-through of the front in
      # mirror image (the front grey, mirrored, blurred and faded to a few
      # percent), the scanner's edge shadow along one side, a staple hole on
      # a stapled pack, a little noise; some backs carry one line ("This
      # page intentionally left blank" or a page number). The document's own
      # sheet is the last front: before it none, one or two sheets that name
      # no person, pharmacy, date or dose (the pack's cover, its general
      # information page), so the evidence is on page 1, 3 or 5. Saved as a
      # PDF of page images (JPEG, no text layer) or a multi-page TIFF (JPEG
      # compression), 200 dpi; the sheets before it, which backs carry a
      # line, grey or colour, the skew (0-0.5 degrees), the shadow's side and
      # the format drawn from SEED and the document. Checked: the page count
      # (pdfinfo or identify). Not harsh: every field stays legible.
      local fr dx=$docs/$n.duplexblank.d dlay dfmt dcol dps SW SH k fronts=() pages=() dline dside dturn dstaple
      rm -rf "$dx" && mkdir -p "$dx"
      dlay=$(pick "$n duplexblank layout" "$seed" 3)
      dfmt=$(pick "$n duplexblank format" "$seed" 3)
      dcol=$(pick "$n duplexblank colour" "$seed" 2)
      SW=$((W + W / 8)) SH=$((H + W / 8))
      if [[ $n == uk-* ]]; then ((SH < SW * 1414 / 1000)) && SH=$((SW * 1414 / 1000))
      else ((SH < SW * 1294 / 1000)) && SH=$((SW * 1294 / 1000)); fi
      dps=$((SW / 45 > 16 ? SW / 45 : 16))
      if ((dlay >= 1)); then
        convert -size "${SW}x$SH" xc:white -fill '#222' -font DejaVu-Sans-Bold -pointsize $((dps * 2)) \
          -annotate +$((SW / 10))+$((SH / 6)) 'Patient information pack' -font DejaVu-Sans -pointsize "$dps" \
          -annotate +$((SW / 10))+$((SH / 6 + dps * 4)) 'Please read every page before you sign.' \
          -annotate +$((SW / 10))+$((SH / 6 + dps * 6)) 'Keep these pages together and bring them to your next review.' \
          -annotate +$((SW / 10))+$((SH / 6 + dps * 8)) 'Ask us if anything is unclear. Large print copies are available.' \
          -stroke '#555' -strokewidth 3 -draw "line $((SW / 10)),$((SH / 6 + dps)) $((SW - SW / 10)),$((SH / 6 + dps))" "$dx/front1.png"
        fronts+=("$dx/front1.png")
      fi
      if ((dlay == 2)); then
        convert -size "${SW}x$SH" xc:white -fill '#222' -font DejaVu-Sans-Bold -pointsize $((dps * 3 / 2)) \
          -annotate +$((SW / 10))+$((SH / 8)) 'General information' -font DejaVu-Sans -pointsize "$dps" \
          -annotate +$((SW / 10))+$((SH / 8 + dps * 3)) 'Store unopened pens in a fridge (2-8 C). Do not freeze.' \
          -annotate +$((SW / 10))+$((SH / 8 + dps * 5)) 'Use a new needle for every injection and a sharps bin for used needles.' \
          -annotate +$((SW / 10))+$((SH / 8 + dps * 7)) 'Report side effects through the Yellow Card or MedWatch scheme.' \
          -annotate +$((SW / 10))+$((SH / 8 + dps * 9)) 'You may withdraw your consent at any time by telling us.' "$dx/front2.png"
        fronts+=("$dx/front2.png")
      fi
      convert "$base" -background white -gravity north -splice 0x$((W / 16)) -extent "${SW}x$SH" +gravity "$dx/front9.png"
      fronts+=("$dx/front9.png")
      k=0
      for fr in "${fronts[@]}"; do
        k=$((k + 1))
        dturn=$(awk "BEGIN{print ($(pick "$n duplexblank turn $k" "$seed" 11) - 5) / 10}")
        dside=$(pick "$n duplexblank shadow $k" "$seed" 3)
        dline=$(pick "$n duplexblank line $k" "$seed" 4)
        local gray=(); ((dcol == 0)) && gray=(-colorspace Gray)
        convert "$fr" -background white -rotate "$dturn" -gravity center -extent "${SW}x$SH" +gravity \
          -blur 0x0.5 -seed "$((seed + k))" -attenuate 0.12 +noise Gaussian "${gray[@]}" -quality 85 \
          -units PixelsPerInch -density 200 "$dx/p$((2 * k - 1)).jpg"
        # The back: the front's show-through in mirror image, blurred and
        # faded to a few percent, the scanner's edge shadow, noise.
        convert "$fr" -colorspace Gray -flop -blur 0x2.5 +level 91%,100% "$dx/back.png"
        case $dside in
          0) convert -size "$((SW / 40))x$SH" gradient:'#b0b0b0'-'#ffffff' -rotate 90 -resize "$((SW / 40))x$SH!" "$dx/edge.png"; local eg=west ;;
          1) convert -size "$((SW / 40))x$SH" gradient:'#ffffff'-'#b0b0b0' -rotate 90 -resize "$((SW / 40))x$SH!" "$dx/edge.png"; local eg=east ;;
          *) convert -size "${SW}x$((SH / 60))" gradient:'#b0b0b0'-'#ffffff' "$dx/edge.png"; local eg=north ;;
        esac
        convert "$dx/back.png" "$dx/edge.png" -gravity "$eg" -compose multiply -composite +gravity "$dx/back.png"
        local extra=()
        ((dlay >= 1)) && extra+=(-fill '#3a3a3a' -draw "circle $((SW - SW / 22)),$((SH / 30)) $((SW - SW / 22 + 5)),$((SH / 30))"
          -draw "circle $((SW - SW / 22 - 30)),$((SH / 30 + 4)) $((SW - SW / 22 - 25)),$((SH / 30 + 4))")
        case $dline in
          0) extra+=(-fill '#333' -font DejaVu-Sans -pointsize "$dps" -gravity center -annotate +0+0 'This page intentionally left blank') ;;
          1) extra+=(-fill '#333' -font DejaVu-Sans -pointsize "$dps" -gravity south -annotate +0+$((SH / 25)) "Page $((2 * k)) of $((2 * ${#fronts[@]}))") ;;
        esac
        convert "$dx/back.png" "${extra[@]}" +gravity -seed "$((seed + 50 + k))" -attenuate 0.12 +noise Gaussian \
          "${gray[@]}" -quality 85 -units PixelsPerInch -density 200 "$dx/p$((2 * k)).jpg"
        pages+=("$dx/p$((2 * k - 1)).jpg" "$dx/p$((2 * k)).jpg")
      done
      if ((dfmt < 2)); then
        command -v pdfinfo >/dev/null || { echo "heldout: duplexblank needs pdfinfo (poppler-utils)" >&2; exit 1; }
        f=$docs/$n.duplexblank.pdf
        jpegs_to_pdf "$f" 200 "${pages[@]}"
        [[ $(pdfinfo "$f" 2>/dev/null | awk '/^Pages:/{print $2}') == "${#pages[@]}" ]] ||
          { echo "heldout: $s $n duplexblank: $f has not ${#pages[@]} pages" >&2; exit 1; }
      else
        f=$docs/$n.duplexblank.tif
        convert "${pages[@]}" -compress JPEG -quality 85 -units PixelsPerInch -density 200 "$f"
        [[ $(identify "$f" | wc -l) == "${#pages[@]}" ]] ||
          { echo "heldout: $s $n duplexblank: $f has not ${#pages[@]} pages" >&2; exit 1; }
      fi
      rm -rf "$dx" ;;
    tiffmulti)
      # A multi-page TIFF, as fax servers, document management systems and
      # office scanners send several pages in one file (unseen150): each
      # page another TIFF directory (ImageMagick's multi-frame write, adjoin
      # on), the document's page grey at 200 dpi, not always first: a fax
      # server's cover sheet, a blank sheet or a batch scanner's separator
      # sheet (a patch-code bar and "SEPARATOR") before it, or the document
      # first and its second sheet after it (only a continuation footer);
      # which one, and the compression (LZW or Deflate on 8-bit grey, or
      # Group 4 on 1 bit, thresholded), drawn from SEED and the document.
      # The other pages carry no name, date, medicine or pharmacy. Checked
      # with identify (two pages, one line each) and tiffinfo where libtiff-tools
      # is installed. Not harsh: every field stays legible to a person.
      f=$docs/$n.tiffmulti.tif
      local tm=$docs/$n.tiffmulti.d tlay tcomp tpages tw th tps tseq
      rm -rf "$tm" && mkdir -p "$tm"
      tlay=$(pick "$n tiffmulti layout" "$seed" 4)
      tcomp=$(pick "$n tiffmulti compression" "$seed" 3)
      tw=$W th=$((H > W * 5 / 4 ? H : W * 5 / 4)) tps=$((W / 38 > 18 ? W / 38 : 18))
      convert "$base" -colorspace Gray -background white -gravity north -extent "${tw}x$th" +repage "$tm/doc.png"
      case $tlay in
        0) convert -size "${tw}x$th" xc:white -font DejaVu-Sans-Bold -pointsize $((tps * 2)) -gravity north \
             -annotate +0+$((th / 10)) 'FAX COVER SHEET' -font DejaVu-Sans -pointsize "$tps" \
             -annotate +0+$((th / 10 + tps * 4)) 'Pages including this cover: 2' \
             -annotate +0+$((th / 10 + tps * 6)) 'Sent from the fax server, attachment follows' \
             -annotate +0+$((th / 10 + tps * 8)) 'CONFIDENTIAL: for the addressee only' \
             -stroke black -strokewidth 3 -fill none -draw "rectangle $((tw / 12)),$((th / 14)) $((tw - tw / 12)),$((th / 10 + tps * 10))" \
             -colorspace Gray "$tm/other.png"
           tseq=("$tm/other.png" "$tm/doc.png") ;;
        1) convert -size "${tw}x$th" xc:white -seed "$seed" -attenuate 0.03 +noise Impulse -colorspace Gray "$tm/other.png"
           tseq=("$tm/other.png" "$tm/doc.png") ;;
        2) convert -size "${tw}x$th" xc:white -fill black \
             -draw "rectangle $((tw / 10)),$((th / 8)) $((tw / 10 + tw / 40)),$((th - th / 8))" \
             -draw "rectangle $((tw / 10 + tw / 20)),$((th / 8)) $((tw / 10 + tw / 20 + tw / 80)),$((th - th / 8))" \
             -draw "rectangle $((tw / 10 + tw / 12)),$((th / 8)) $((tw / 10 + tw / 12 + tw / 40)),$((th - th / 8))" \
             -font DejaVu-Sans-Bold -pointsize $((tps * 3)) -gravity center -annotate +$((tw / 10))+0 'SEPARATOR' \
             -colorspace Gray "$tm/other.png"
           tseq=("$tm/other.png" "$tm/doc.png") ;;
        *) convert -size "${tw}x$th" xc:white -font DejaVu-Sans -pointsize "$tps" -fill black -gravity south \
             -annotate +0+$((th / 14)) 'Page 2 of 2 - this page is intentionally left blank' -colorspace Gray "$tm/other.png"
           tseq=("$tm/doc.png" "$tm/other.png") ;;
      esac
      case $tcomp in
        0) convert "${tseq[@]}" -depth 8 -units PixelsPerInch -density 200 -compress LZW "$f" ;;
        1) convert "${tseq[@]}" -depth 8 -units PixelsPerInch -density 200 -compress Zip "$f" ;;
        *) convert "${tseq[@]}" -threshold 60% -monochrome -units PixelsPerInch -density 200 -compress Group4 "$f" ;;
      esac
      tpages=$(identify "$f" | wc -l)
      [[ $tpages == 2 ]] || { echo "heldout: $s $n tiffmulti: $f has ${tpages} pages, not two" >&2; exit 1; }
      if command -v tiffinfo >/dev/null; then
        [[ $(tiffinfo "$f" 2>/dev/null | grep -c '^TIFF Directory') == 2 ]] ||
          { echo "heldout: $s $n tiffmulti: tiffinfo does not find two directories in $f" >&2; exit 1; }
      fi
      rm -rf "$tm" ;;
    png16)
      # A PNG with 16 bits per channel (48-bit RGB or 64-bit RGBA), as
      # flatbed scanning software, RAW editors and some screenshot tools on
      # high-end displays write it, uploaded as the file was saved
      # (unseen143). Where it came from is drawn from SEED and the document:
      # a flatbed scan (the page turned 0.1-0.6 degrees on the glass, a
      # little soft, the scanner's white point whitening the paper), a photo
      # developed in a RAW editor and exported at 16 bits (slight
      # perspective, light falling off to about 85% at the corners, the
      # editor's noise reduction leaving no grain) or a screenshot tool's
      # own capture (the page as it is, its tones mapped by the display's
      # curve, gamma 1.04, so the values use the 16 bits). The depth too: RGB (PNG48) or RGBA
      # with an opaque alpha channel (PNG64); and the colour chunk: none, a
      # gAMA chunk (1/2.2, as scanning software writes it) or an iCCP chunk
      # (an sRGB profile). Scaled down in steps of 10% (never below 50%)
      # where the file would pass 3,900,000 bytes (the service takes 4 MB).
      # Check with `identify -verbose` (Depth: 16-bit). Not harsh: every
      # field stays legible to a person.
      local f16 p16info p16=$docs/$n.p16 p16src p16chunk p16turn p16sc
      f=$docs/$n.png16.png
      if (($(pick "$n png16 alpha" "$seed" 2) == 0)); then f16=PNG48; else f16=PNG64; fi
      case $(pick "$n png16 source" "$seed" 3) in
        0)
          p16turn=$(awk "BEGIN{printf \"%.2f\", (0.1 + $(pick "$n png16 turn" "$seed" 51) / 100) * ($(pick "$n png16 sign" "$seed" 2) ? 1 : -1)}")
          convert "$base" -depth 16 -background white -rotate "$p16turn" +repage -blur 0x0.5 -level 3%,93% "$p16-src.png" ;;
        1)
          convert "$base" -depth 16 -background '#8f8a84' -virtual-pixel background \
            -distort Perspective "0,0 $((W/40)),$((H/50))  $W,0 $((W-W/50)),$((H/60))  0,$H $((W/70)),$((H-H/45))  $W,$H $((W-W/35)),$((H-H/40))" \
            \( -size "${W}x${H}" radial-gradient:'#ffffff'-'#d9d9d9' \) -compose multiply -composite "$p16-src.png" ;;
        *) convert "$base" -depth 16 -level 0%,100%,1.04 "$p16-src.png" ;;
      esac
      case $(pick "$n png16 chunk" "$seed" 3) in
        0) p16chunk=(-define png:exclude-chunks=bKGD,cHRM,gAMA,sRGB,iCCP,tIME,zTXt,tEXt,date) ;;
        1) p16chunk=(-set gamma 0.45455 -define png:exclude-chunks=bKGD,cHRM,sRGB,iCCP,tIME,zTXt,tEXt,date) ;;
        *)
          [[ -e $out/icc/srgb.icc && -e $out/icc/display-p3.icc ]] || { mkdir -p "$out/icc" && p3_profiles "$out/icc/srgb.icc" "$out/icc/display-p3.icc"; }
          p16chunk=(-profile "$out/icc/srgb.icc" -define png:exclude-chunks=bKGD,cHRM,gAMA,sRGB,tIME,zTXt,tEXt,date) ;;
      esac
      for p16sc in 100 90 80 70 60 50; do
        if [[ $f16 == PNG64 ]]; then
          convert "$p16-src.png" -resize "$p16sc%" -alpha opaque -depth 16 "${p16chunk[@]}" +set date:create +set date:modify -define png:compression-level=9 "PNG64:$f"
        else
          convert "$p16-src.png" -resize "$p16sc%" -alpha off -depth 16 "${p16chunk[@]}" +set date:create +set date:modify -define png:compression-level=9 "PNG48:$f"
        fi
        (($(stat -c %s "$f") < 3900000)) && break
      done
      p16info=$(identify -verbose "$f")
      [[ $p16info == *'Depth: 16-bit'* && $p16info == *'png:IHDR.bit_depth: 16'* ]] || { echo "heldout: $s $n png16: $f is not 16 bits per channel" >&2; exit 1; }
      rm -f "$p16"-*.png ;;
    pnginterlace)
      # An interlaced (Adam7) PNG, as some web image exports ("Save for
      # Web"), older screenshot tools and image editors write it, uploaded
      # as saved (unseen152): the page as it is, 8 bits a channel, either
      # truecolour RGB or a palette of at most 256 colours (quantized without
      # dithering, as an editor's "PNG-8" export), drawn from SEED and the
      # document; interlacing always on (ImageMagick -interlace PNG); three
      # tEXt chunks, Software (an editor or screenshot tool drawn the same
      # way), Creation Time (RFC 1123, one to three days before the run's
      # day) and a Description; and none, a bKGD, a pHYs (72 or 96 dpi)
      # or both, drawn the same way. No gAMA, cHRM or sRGB chunk. Scaled
      # down in steps of 10% (never below 60%) where the file would pass
      # 3,900,000 bytes. Checked: identify says Interlace: PNG and Adam7,
      # and the file shows the same picture as the page (RMSE under 2% of
      # full scale). Not harsh: nothing of the page changes.
      local pikind pichunk pisw pidesc pitime pisc pidpi piinfo pirmse piex=() pio=()
      f=$docs/$n.pnginterlace.png
      pikind=$(pick "$n pnginterlace kind" "$seed" 2)
      pichunk=$(pick "$n pnginterlace chunk" "$seed" 4)
      case $(pick "$n pnginterlace software" "$seed" 6) in
        0) pisw='Adobe Photoshop CC 2019 (Windows)' ;;
        1) pisw='GIMP 2.10.30' ;;
        2) pisw='Greenshot 1.2.10.6' ;;
        3) pisw='paint.net 4.3.12' ;;
        4) pisw='Snagit 2019.1.4' ;;
        *) pisw='IrfanView 4.54' ;;
      esac
      case $(pick "$n pnginterlace description" "$seed" 4) in
        0) pidesc='Saved for web' ;;
        1) pidesc='Screenshot' ;;
        2) pidesc='Exported image' ;;
        *) pidesc='Image for upload' ;;
      esac
      pitime=$(date -u -d "${HELDOUT_TODAY:-$(date +%F)} -$((1 + $(pick "$n pnginterlace day" "$seed" 3))) days $((8 + $(pick "$n pnginterlace hour" "$seed" 12))) hours $(pick "$n pnginterlace minute" "$seed" 60) minutes" '+%a, %d %b %Y %H:%M:%S +0000')
      if (($(pick "$n pnginterlace dpi" "$seed" 2) == 0)); then pidpi=72; else pidpi=96; fi
      case $pichunk in
        0) piex=(-define png:exclude-chunks=bKGD,pHYs,cHRM,gAMA,sRGB,iCCP,tIME,zTXt,date) ;;
        1) piex=(-background white -define png:exclude-chunks=pHYs,cHRM,gAMA,sRGB,iCCP,tIME,zTXt,date) ;;
        2) piex=(-density "$pidpi" -units PixelsPerInch -define png:exclude-chunks=bKGD,cHRM,gAMA,sRGB,iCCP,tIME,zTXt,date) ;;
        *) piex=(-background white -density "$pidpi" -units PixelsPerInch -define png:exclude-chunks=cHRM,gAMA,sRGB,iCCP,tIME,zTXt,date) ;;
      esac
      for pisc in 100 90 80 70 60; do
        if ((pikind == 0)); then pio=(-alpha off -depth 8 -type TrueColor); else pio=(-alpha off +dither -colors 256 -depth 8); fi
        convert "$base" -resize "$pisc%" "${pio[@]}" -interlace PNG \
          -set Software "$pisw" -set 'Creation Time' "$pitime" -set Description "$pidesc" \
          "${piex[@]}" +set date:create +set date:modify -define png:compression-level=9 \
          "$([[ $pikind == 0 ]] && echo PNG24 || echo PNG8):$f"
        (($(stat -c %s "$f") < 3900000)) && break
      done
      piinfo=$(identify -verbose "$f")
      [[ $piinfo == *'Interlace: PNG'* && $piinfo == *'interlace_method: 1 (Adam7'* && $piinfo == *'png:IHDR.bit_depth: 8'* ]] ||
        { echo "heldout: $s $n pnginterlace: $f is not an 8-bit Adam7-interlaced PNG" >&2; exit 1; }
      [[ $piinfo == *"Software: $pisw"* && $piinfo == *'Creation Time: '* && $piinfo == *"Description: $pidesc"* ]] ||
        { echo "heldout: $s $n pnginterlace: $f lacks its text chunks" >&2; exit 1; }
      pirmse=$(convert "$base" -resize "$pisc%" -alpha off "$f" -alpha off -metric RMSE -compare -format '%[distortion]' info: 2>/dev/null || true)
      awk "BEGIN{exit !(\"$pirmse\" != \"\" && $pirmse + 0 < 0.02)}" ||
        { echo "heldout: $s $n pnginterlace: $f does not show the page (RMSE ${pirmse:-unknown})" >&2; exit 1; } ;;
    jpegvariants)
      # JPEG files as cameras, web tools and older apps really encode them
      # (unseen175), every one read by a standard baseline-compatible decoder:
      # the page as it is (a web export, an "optimised" screenshot) or a phone
      # photo of it (slight perspective, light falling off, noise), drawn from
      # SEED and the document, then encoded by libjpeg-turbo's cjpeg: quality
      # 55-95; progressive (several scans) or baseline; restart markers or
      # none (every 1-4 MCU rows, or every 8-64 MCU blocks); one component
      # (greyscale) in one file in five, else chroma sampled 4:4:4, 4:2:2,
      # 4:4:0 or 4:1:1 (never the usual 4:2:0); an ICC profile (none, the
      # 12.8 KB esRGB, or an sRGB or grey profile carrying an 80 KB private
      # tag, so it spans two APP2 segments as large camera profiles do);
      # then exiftool adds, each drawn the same way, an XMP block (creator
      # tool, dates, a long description; about 5 KB with its padding) and an
      # EXIF block with the camera's make and model and a 160 px thumbnail.
      # No arithmetic coding, no 12-bit samples (not what phones send).
      # Scaled down in steps of 10% where the file would pass 3,900,000
      # bytes. Checked with identify -verbose (Interlace, sampling factor,
      # colour space, the ICC profile), the restart markers counted in the
      # file, the thumbnail read back, and the picture compared with its
      # source (RMSE under 6% of full scale). Not harsh: every field stays
      # legible to a person.
      command -v cjpeg >/dev/null && command -v jpegtran >/dev/null ||
        { echo "heldout: jpegvariants needs cjpeg and jpegtran (apt-get install libjpeg-turbo-progs)" >&2; exit 1; }
      local jsf jsrc jq jprog jrst jgray jsamp jicc jxmp jthumb jdir jsc jinfo jrmse jn jicf jdesc jarg=()
      f=$docs/$n.jpegvariants.jpg
      jdir=$(mktemp -d)
      jsrc=$(pick "$n jpegvariants source" "$seed" 2)
      jq=$((55 + $(pick "$n jpegvariants quality" "$seed" 41)))
      jprog=$(pick "$n jpegvariants progressive" "$seed" 2)
      jrst=$(pick "$n jpegvariants restart" "$seed" 3)
      jgray=$(pick "$n jpegvariants grey" "$seed" 5)
      jsamp=$(pick "$n jpegvariants sampling" "$seed" 4)
      jicc=$(pick "$n jpegvariants icc" "$seed" 3)
      jxmp=$(pick "$n jpegvariants xmp" "$seed" 2)
      jthumb=$(pick "$n jpegvariants thumb" "$seed" 2)
      if ((jsrc == 0)); then
        convert "$base" -alpha off "$jdir/src.png"
      else
        convert "$base" -background '#8d8d88' -virtual-pixel background \
          -distort Perspective "0,0 $((W / 60)),$((H / 70))  $W,0 $((W - W / 70)),$((H / 90))  0,$H $((W / 80)),$((H - H / 60))  $W,$H $((W - W / 50)),$((H - H / 55))" \
          \( +clone -sparse-color Barycentric "0,0 #d2d2d2 %[fx:w],%[fx:h] #ffffff" \) -compose multiply -composite \
          -seed "$seed" -attenuate 0.2 +noise Gaussian -alpha off "$jdir/src.png"
      fi
      ((jgray == 0)) && convert "$jdir/src.png" -colorspace Gray "$jdir/src.png"
      ((jprog == 0)) && jarg+=(-progressive)
      case $jrst in
        1) jarg+=(-restart "$((1 + $(pick "$n jpegvariants rows" "$seed" 4)))") ;;
        2) jarg+=(-restart "$((8 << $(pick "$n jpegvariants blocks" "$seed" 4)))B") ;;
      esac
      if ((jgray == 0)); then
        jarg+=(-grayscale)
      else
        case $jsamp in
          0) jsf=1x1 ;;
          1) jsf=2x1 ;;
          2) jsf=1x2 ;;
          *) jsf=4x1 ;;
        esac
        jarg+=(-sample "$jsf")
      fi
      jicf=$(ls /usr/share/ghostscript/*/iccprofiles/esrgb.icc 2>/dev/null | head -1 || true)
      if ((jicc == 1)) && ((jgray != 0)) && [[ -n $jicf ]]; then
        jarg+=(-icc "$jicf")
      elif ((jicc != 0)); then
        # A profile carrying a large private tag ('data' type, 80 KB), as
        # camera makers' and printers' profiles do: the tag table grows by
        # one entry, every offset moves by 12 bytes, the size is set again
        # and the profile ID zeroed (not computed).
        jicf=$(ls /usr/share/ghostscript/*/iccprofiles/"$( ((jgray == 0)) && echo default_gray || echo srgb)".icc 2>/dev/null | head -1 || true)
        [[ -n $jicf ]] || { echo "heldout: jpegvariants needs Ghostscript's ICC profiles (apt-get install ghostscript)" >&2; exit 1; }
        python3 - "$jicf" "$jdir/large.icc" "$n $seed" <<'PY'
import random, struct, sys
p = bytearray(open(sys.argv[1], "rb").read())
count = struct.unpack(">I", p[128:132])[0]
table = [struct.unpack(">4sII", p[132 + 12 * i:144 + 12 * i]) for i in range(count)]
data = p[132 + 12 * count:]
rnd = random.Random(sys.argv[3])
payload = b"data" + bytes(4) + struct.pack(">I", 1) + bytes(rnd.getrandbits(8) for _ in range(80000))
off = 132 + 12 * (count + 1) + len(data)
off += -off % 4
out = p[:128] + struct.pack(">I", count + 1)
for sig, o, size in table:
    out += struct.pack(">4sII", sig, o + 12, size)
out += struct.pack(">4sII", b"zprv", off, len(payload))
out += data
out += bytes(off - len(out)) + payload
out[0:4] = struct.pack(">I", len(out))
out[84:100] = bytes(16)
open(sys.argv[2], "wb").write(out)
PY
        jarg+=(-icc "$jdir/large.icc")
      fi
      for jsc in 100 90 80 70 60; do
        convert "$jdir/src.png" -resize "$jsc%" "$( ((jgray == 0)) && echo pgm || echo ppm):$jdir/src.pnm"
        cjpeg -quality "$jq" "${jarg[@]}" -outfile "$f" "$jdir/src.pnm"
        (($(stat -c %s "$f") < 3900000)) && break
      done
      if ((jthumb == 0)); then
        convert "$f" -strip -resize 160x160 -quality 75 "$jdir/thumb.jpg"
        case $(pick "$n jpegvariants camera" "$seed" 3) in
          0) exiftool -q -overwrite_original -Make=Samsung -Model='SM-A536B' -Software='A536BXXS8DXA1' "-ThumbnailImage<=$jdir/thumb.jpg" "$f" ;;
          1) exiftool -q -overwrite_original -Make=Apple -Model='iPhone 11' -Software='17.1.2' "-ThumbnailImage<=$jdir/thumb.jpg" "$f" ;;
          *) exiftool -q -overwrite_original -Make=motorola -Model='moto g(30)' -Software='RRMS31.Q1-36' "-ThumbnailImage<=$jdir/thumb.jpg" "$f" ;;
        esac
        [[ $(exiftool -b -ThumbnailImage "$f" | wc -c) -gt 0 ]] || { echo "heldout: $s $n jpegvariants: no EXIF thumbnail" >&2; exit 1; }
      fi
      if ((jxmp == 0)); then
        jdesc=$(printf 'Exported for upload. %.0s' $(seq 1 120))
        exiftool -q -overwrite_original -XMP-xmp:CreatorTool='Image Optimizer 3.2' -XMP-xmp:CreateDate="${HELDOUT_TODAY:-$(date +%F)}T09:14:00" \
          -XMP-dc:Description="$jdesc" -XMP-dc:Format=image/jpeg "$f"
        [[ -n $(exiftool -XMP-dc:Description "$f") ]] || { echo "heldout: $s $n jpegvariants: no XMP" >&2; exit 1; }
      fi
      jinfo=$(identify -verbose "$f")
      if ((jprog == 0)); then [[ $jinfo == *'Interlace: JPEG'* ]]; else [[ $jinfo == *'Interlace: None'* ]]; fi ||
        { echo "heldout: $s $n jpegvariants: $f is not the JPEG drawn (Interlace)" >&2; exit 1; }
      if ((jgray == 0)); then [[ $jinfo == *'Colorspace: Gray'* ]]; else [[ $jinfo == *"jpeg:sampling-factor: $jsf,1x1,1x1"* ]]; fi ||
        { echo "heldout: $s $n jpegvariants: $f has not the sampling drawn" >&2; exit 1; }
      ((jicc == 0)) || [[ $jinfo == *'Profile-icc: '* ]] || { echo "heldout: $s $n jpegvariants: no ICC profile" >&2; exit 1; }
      # The restart interval as the decoder sees it: the DRI segment among
      # the header segments before the first scan (a byte count would also
      # find FF DD inside the ICC or EXIF payloads).
      jn=$(python3 - "$f" <<'PY'
import struct, sys
b = open(sys.argv[1], "rb").read()
i, dri = 2, 0
while i + 4 <= len(b) and b[i] == 0xFF:
    m, size = b[i + 1], struct.unpack(">H", b[i + 2:i + 4])[0]
    if m == 0xDD:
        dri = struct.unpack(">H", b[i + 4:i + 6])[0]
    if m == 0xDA:
        break
    i += 2 + size
print(dri)
PY
)
      if ((jrst == 0)); then ((jn == 0)); else ((jn >= 1)); fi ||
        { echo "heldout: $s $n jpegvariants: restart interval not as drawn (DRI $jn)" >&2; exit 1; }
      jrmse=$(convert "$jdir/src.png" -resize "$jsc%" "$f" -metric RMSE -compare -format '%[distortion]' info: 2>/dev/null || true)
      awk "BEGIN{exit !(\"$jrmse\" != \"\" && $jrmse + 0 < 0.06)}" ||
        { echo "heldout: $s $n jpegvariants: $f does not show the page (RMSE ${jrmse:-unknown})" >&2; exit 1; }
      rm -rf "$jdir" ;;
    pdfsmallcaps)
      # A text PDF whose words are drawn as typographers and brand templates
      # draw them (unseen174): the browser's print of the page with its text
      # taken out (Ghostscript's -dFILTERTEXT keeps rules, boxes and fills)
      # under the same words redrawn with python3-reportlab where
      # pdftotext -bbox-layout found them: headings in a serif display face,
      # letter-spaced (Tc, 8-13% of the size) with small caps faked by two
      # sizes in one word or old-style figures faked by size and rise (0, 1,
      # 2 small; 3, 4, 5, 7, 9 dropped below the line), ligature glyphs (fi,
      # fl, ff, ffi) where the face has them; body lines each drawn plain,
      # horizontally scaled (Tz 80 or 120), in the display face, or in small
      # caps (no letter-spacing there: it splits the words in pdftotext); ordinals' suffixes ("28th") and footnote stars raised by text
      # rise (Ts) at 62% of the size; the inner lines of a paragraph of
      # three or more stretched to the paragraph's width by word spacing
      # (Tw). Which treatment each line gets is drawn from SEED, the
      # document and the line; a line that would grow past its place is
      # drawn smaller (never below 72%). Not harsh: every word is whole in
      # the text layer and plain on the page; needs gs, qpdf, pdftotext and
      # python3-reportlab.
      f=$docs/$n.pdfsmallcaps.pdf
      local scd=$docs/$n.smallcaps.d scpy=
      for scpy in python3 /usr/bin/python3 ''; do
        [[ -n $scpy ]] && "$scpy" -c 'import reportlab' 2>/dev/null && break
      done
      [[ -n $scpy ]] || { echo "heldout: pdfsmallcaps needs python3-reportlab (apt-get install python3-reportlab)" >&2; exit 1; }
      for tool in gs qpdf pdftotext; do
        command -v "$tool" >/dev/null || { echo "heldout: pdfsmallcaps needs $tool (apt-get install ghostscript qpdf poppler-utils)" >&2; exit 1; }
      done
      mkdir -p "$scd"
      chrome --no-pdf-header-footer --print-to-pdf="$scd/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      pdftotext -f 1 -l 1 -bbox-layout "$scd/print.pdf" "$scd/bbox.html"
      gs -q -dNOPAUSE -dBATCH -dSAFER -dFILTERTEXT -sDEVICE=pdfwrite -o "$scd/bg.pdf" "$scd/print.pdf"
      "$scpy" - "$scd/bbox.html" "$scd/text.pdf" "$seed $n" >"$scd/used.txt" <<'EOF'
import sys, re, html, zlib
from reportlab.pdfgen import canvas
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
bbox, dst, key = sys.argv[1], sys.argv[2], sys.argv[3]
D = "/usr/share/fonts/truetype/dejavu/"
L = "/usr/share/fonts/truetype/liberation/"
pdfmetrics.registerFont(TTFont("Body", L + "LiberationSans-Regular.ttf"))
pdfmetrics.registerFont(TTFont("BodyB", D + "DejaVuSans-Bold.ttf"))
pdfmetrics.registerFont(TTFont("Disp", D + "DejaVuSerif.ttf"))
def pick(s, n): return zlib.crc32((key + " " + s).encode()) % n
src = open(bbox, encoding="utf-8").read()
pm = re.search(r'<page width="([\d.]+)" height="([\d.]+)"', src)
PW, PH = float(pm.group(1)), float(pm.group(2))
page = src[pm.start():].split("</page>")[0]
blocks = []
for b in re.findall(r"<block[^>]*>(.*?)</block>", page, re.S):
    lines = []
    for l in re.findall(r"<line[^>]*>(.*?)</line>", b, re.S):
        ws = [(float(a), float(bb), float(cc), float(d), html.unescape(t)) for a, bb, cc, d, t in
              re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>', l)]
        if ws: lines.append(ws)
    if lines: blocks.append(lines)
hs = sorted(w[3] - w[1] for b in blocks for l in b for w in l)
med = hs[len(hs) // 2] if hs else 12
c = canvas.Canvas(dst, pagesize=(PW, PH))
c.setTitle("heldout pdfsmallcaps"); c.setCreator("a brand template (heldout.sh pdfsmallcaps)")
LIG = [("ffi", "\ufb03"), ("ff", "\ufb00"), ("fi", "\ufb01"), ("fl", "\ufb02")]
ORD = re.compile(r"^(\d+)(st|nd|rd|th)([,.;:]?)$")
used = set()
def runs_for(words, fs, style):
    # each word as runs (text, size, rise, font); a space run between words
    out = []
    for i, w in enumerate(words):
        if i: out.append((" ", fs, 0, style["font"]))
        m = ORD.match(w)
        if m:
            out += digits(m.group(1), fs, style)
            out.append((m.group(2), fs * 0.62, fs * 0.36, style["font"])); used.add("rise")
            if m.group(3): out.append((m.group(3), fs, 0, style["font"]))
            continue
        if w in ("*", "\u2020") or (w.endswith("*") and len(w) > 1):
            out.append((w.rstrip("*"), fs, 0, style["font"])); out.append(("*", fs * 0.6, fs * 0.4, style["font"])); used.add("rise"); continue
        if style.get("caps") and re.search(r"[a-z]", w):
            out.append((w[0].upper(), fs, 0, style["font"]))
            if len(w) > 1: out.append((w[1:].upper(), fs * 0.78, 0, style["font"]))
            used.add("smallcaps"); continue
        if style.get("lig"):
            w2 = w
            for a, b in LIG:
                if ord(b) in pdfmetrics.getFont(style["font"]).face.charToGlyph: w2 = w2.replace(a, b)
            if w2 != w: used.add("ligature")
            w = w2
        if style.get("oldstyle") and re.search(r"\d", w):
            out += digits(w, fs, style); continue
        out.append((w, fs, 0, style["font"]))
    return out
def digits(w, fs, style):
    if not style.get("oldstyle"): return [(w, fs, 0, style["font"])]
    used.add("oldstyle"); out = []
    for ch in w:
        if ch in "012": r = (ch, fs * 0.8, 0, style["font"])
        elif ch in "34579": r = (ch, fs, -fs * 0.16, style["font"])
        else: r = (ch, fs, 0, style["font"])
        if out and out[-1][1:] == r[1:]: out[-1] = (out[-1][0] + ch,) + r[1:]
        else: out.append(r)
    return out
def width(runs, tc, tz, tw):
    w = 0
    for t, s, r, f in runs:
        w += pdfmetrics.stringWidth(t, f, s) + tc * len(t) + tw * t.count(" ")
    return w * tz / 100
n = 0
for bi, b in enumerate(blocks):
    bw = max(l[-1][2] - l[0][0] for l in b)
    for li, l in enumerate(b):
        n += 1
        h = max(w[3] - w[1] for w in l); fs = h / 1.164
        x0, x1 = l[0][0], l[-1][2]; base = max(w[3] for w in l) - 0.236 * fs
        words = [w[4] for w in l]
        p = pick("%d %d" % (bi, li), 100)
        style = {"font": "Body"}; tc = 0; tz = 100; tw = 0
        if h >= med * 1.2:
            style["font"] = "Disp"; style["lig"] = True
            if p < 55: style["caps"] = True
            elif p < 80: style["oldstyle"] = True
            tc = fs * (0.08 + pick("tc %d" % n, 6) / 100); used.add("Tc")
        else:
            if p < 14: tz = 80; used.add("Tz80")
            elif p < 24: tz = 120; used.add("Tz120")
            elif p < 34: style["font"] = "Disp"; style["lig"] = True; style["oldstyle"] = pick("os %d" % n, 2) == 0
            elif p < 42: style["caps"] = True
            else: style["lig"] = True
        plain = sum(pdfmetrics.stringWidth(x, style["font"], fs) for x in words) + pdfmetrics.stringWidth(" ", style["font"], fs) * (len(words) - 1)
        fs *= min(max((x1 - x0) / plain, 0.8), 1.15) if plain else 1
        runs = runs_for(words, fs, style)
        nat = width(runs, tc, tz, 0)
        sp = sum(t.count(" ") for t, *_ in runs)
        if li < len(b) - 1 and len(l) > 3 and sp and bw - (x1 - x0) < 0.25 * bw and nat < bw and len(b) > 2 and not style.get("caps"):
            tw = (bw - nat) / sp / (tz / 100); used.add("Tw")
        room = max(x1 - x0, bw if tw else 0) * 1.02
        k = 1.0
        w = width(runs, tc, tz, tw)
        if w > room:
            k = max(room / w, 0.72)
        t = c.beginText(x0, PH - base)
        t.setCharSpace(tc * k); t.setHorizScale(tz); t.setWordSpace(tw * k)
        for s, size, rise, f in runs:
            t.setFont(f, size * k); t.setRise(rise * k); t.textOut(s)
        t.setRise(0)
        c.drawText(t)
c.showPage(); c.save()
print(" ".join(sorted(used)))
EOF
      qpdf "$scd/bg.pdf" --overlay "$scd/text.pdf" -- "$f"
      [[ -s $f ]] || { echo "heldout: $s $n pdfsmallcaps: no PDF" >&2; exit 1; }
      rm -rf "$scd" ;;
    pdfkerning)
      # A text PDF as word processors, LaTeX and typesetting engines write it
      # (unseen184): the browser's print of the page with its text taken out
      # (Ghostscript's -dFILTERTEXT keeps rules, boxes and fills) under the
      # same words redrawn with python3-reportlab where pdftotext
      # -bbox-layout found them, each line in one of these ways drawn from
      # SEED, the document and the line: a TJ array of single glyphs or
      # runs of two or three with kerning adjustments between them (the
      # gap between words a TJ gap, no space character); character and word
      # spacing set with Tc and Tw (headings letter-spaced, 6-12% of the
      # size; justified inner lines of a paragraph whose spaces are widened
      # by Tw); ligature glyphs (fi, fl, ff, ffi, drawn as single glyphs)
      # whose ToUnicode entries are rewritten by qpdf and python to map to
      # their letters; or word by word, each word placed by its own Td.
      # Headings always get Tc; at least one line of the page is a TJ array
      # and at least one is drawn word by word. The PDF is checked: one
      # page, it renders (pdftoppm) and pdftotext gives back every word of
      # the print. Not harsh: every word is whole in the text layer and
      # plain on the page; needs gs, qpdf (fix-qdf), pdftotext, pdftoppm
      # and python3-reportlab.
      f=$docs/$n.pdfkerning.pdf
      local kd=$docs/$n.kerning.d kpy=
      for kpy in python3 /usr/bin/python3 ''; do
        [[ -n $kpy ]] && "$kpy" -c 'import reportlab' 2>/dev/null && break
      done
      [[ -n $kpy ]] || { echo "heldout: pdfkerning needs python3-reportlab (apt-get install python3-reportlab)" >&2; exit 1; }
      for tool in gs qpdf fix-qdf pdftotext pdftoppm; do
        command -v "$tool" >/dev/null || { echo "heldout: pdfkerning needs $tool (apt-get install ghostscript qpdf poppler-utils)" >&2; exit 1; }
      done
      mkdir -p "$kd"
      chrome --no-pdf-header-footer --print-to-pdf="$kd/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      [[ $(pdfinfo "$kd/print.pdf" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfkerning: the print is not one page" >&2; exit 1; }
      pdftotext -f 1 -l 1 -bbox-layout "$kd/print.pdf" "$kd/bbox.html"
      gs -q -dNOPAUSE -dBATCH -dSAFER -dFILTERTEXT -sDEVICE=pdfwrite -o "$kd/bg.pdf" "$kd/print.pdf"
      "$kpy" - "$kd/bbox.html" "$kd/text.pdf" "$seed $n" >"$kd/used.txt" <<'EOF'
import sys, re, html, zlib
from reportlab.pdfgen import canvas
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
bbox, dst, key = sys.argv[1], sys.argv[2], sys.argv[3]
D = "/usr/share/fonts/truetype/dejavu/"
L = "/usr/share/fonts/truetype/liberation/"
pdfmetrics.registerFont(TTFont("KSerif", L + "LiberationSerif-Regular.ttf"))
pdfmetrics.registerFont(TTFont("KSans", D + "DejaVuSans.ttf"))
pdfmetrics.registerFont(TTFont("KBold", D + "DejaVuSans-Bold.ttf"))
def pick(s, n): return zlib.crc32((key + " pdfkerning " + s).encode()) % n
src = open(bbox, encoding="utf-8").read()
pm = re.search(r'<page width="([\d.]+)" height="([\d.]+)"', src)
PW, PH = float(pm.group(1)), float(pm.group(2))
page = src[pm.start():].split("</page>")[0]
blocks = []
for b in re.findall(r"<block[^>]*>(.*?)</block>", page, re.S):
    lines = []
    for l in re.findall(r"<line[^>]*>(.*?)</line>", b, re.S):
        ws = [(float(a), float(bb), float(cc), float(d), html.unescape(t)) for a, bb, cc, d, t in
              re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>', l)]
        if ws: lines.append(ws)
    if lines: blocks.append(lines)
hs = sorted(w[3] - w[1] for b in blocks for l in b for w in l)
med = hs[len(hs) // 2] if hs else 12
c = canvas.Canvas(dst, pagesize=(PW, PH))
c.setTitle("heldout pdfkerning"); c.setCreator("a word processor (heldout.sh pdfkerning)")
LIG = [("ffi", "\ufb03"), ("ff", "\ufb00"), ("fi", "\ufb01"), ("fl", "\ufb02")]
used = set()
def esc(s): return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
def lig(w, font):
    cg = pdfmetrics.getFont(font).face.charToGlyph
    for a, b in LIG:
        if ord(b) in cg and a in w: w = w.replace(a, b); used.add("ligature")
    return w
def tj_ops(font, fs, words, gap, k):
    # reportlab's subset font: encode each run with the font's own encoder
    f = pdfmetrics.getFont(font)
    parts = []; subs = set()
    for i, w in enumerate(words):
        if i: parts.append("%.1f" % (-gap * 1000 / fs))
        j = 0
        while j < len(w):
            ln = 1 + pick("run %s %d %d" % (w, i, j), 3)
            run = w[j:j + ln]; j += ln
            for sub, code in f.splitString(run, c._doc):
                subs.add(sub); parts.append("<%s>" % code_hex(code))
            if j < len(w):
                parts.append("%d" % (k[(i + j) % len(k)]))
    return parts, subs
def code_hex(b):
    return b.hex() if isinstance(b, bytes) else b.encode("latin-1").hex()
lines_all = [(bi, li, l, len(b)) for bi, b in enumerate(blocks) for li, l in enumerate(b)]
body_lines = [i for i, (bi, li, l, nb) in enumerate(lines_all) if max(w[3] - w[1] for w in l) < med * 1.2]
force_tj = body_lines[pick("tj", len(body_lines))] if body_lines else -1
force_wd = body_lines[pick("wd", len(body_lines))] if len(body_lines) > 1 else -1
if force_wd == force_tj and len(body_lines) > 1: force_wd = body_lines[(body_lines.index(force_tj) + 1) % len(body_lines)]
for idx, (bi, li, l, nb) in enumerate(lines_all):
    b = blocks[bi]
    bw = max(x[-1][2] - x[0][0] for x in b)
    h = max(w[3] - w[1] for w in l); fs = h / 1.164
    x0, x1 = l[0][0], l[-1][2]; base = max(w[3] for w in l) - 0.236 * fs
    words = [w[4] for w in l]
    head = h >= med * 1.2 and len(words) <= 6
    font = "KBold" if head else ("KSerif" if pick("face %d" % idx, 3) == 0 else "KSans")
    p = pick("way %d" % idx, 100)
    if idx == force_tj: way = "tj"
    elif idx == force_wd: way = "words"
    elif head: way = "tc"
    elif p < 30: way = "tj"
    elif p < 50: way = "words"
    elif p < 75: way = "tw"
    else: way = "lig"
    sp = pdfmetrics.stringWidth(" ", font, fs)
    nat = sum(pdfmetrics.stringWidth(w, font, fs) for w in words) + sp * (len(words) - 1)
    if nat: fs *= min(max((x1 - x0) / nat, 0.8), 1.1)
    sp = pdfmetrics.stringWidth(" ", font, fs)
    if way == "words":
        # each word at its own place, its own Td
        ks = [(w[2] - w[0]) / pdfmetrics.stringWidth(w[4], font, fs) for w in l if pdfmetrics.stringWidth(w[4], font, fs)]
        fs *= min(ks + [1.0])
        t = c.beginText(l[0][0], PH - base)
        px = l[0][0]
        for w in l:
            t.moveCursor(w[0] - px, 0); px = w[0]
            t.setFont(font, fs); t.setCharSpace(0); t.setWordSpace(0); t.textOut(w[4])
        c.drawText(t); used.add("Td"); continue
    if way == "tj":
        k = [-(5 + pick("k %d %d" % (idx, m), 20)) if pick("s %d %d" % (idx, m), 3) else 4 + pick("k %d %d" % (idx, m), 14) for m in range(7)]
        # the kerning changes the width a little: scale the gap so the line keeps its length
        glyphw = sum(pdfmetrics.stringWidth(w, font, fs) for w in words)
        kern = 0
        for i, w in enumerate(words):
            j = 0
            while j < len(w):
                j += 1 + pick("run %s %d %d" % (w, i, j), 3)
                if j < len(w): kern += -k[(i + j) % len(k)] * fs / 1000
        gap = max((x1 - x0 - glyphw - kern) / max(len(words) - 1, 1), sp)
        ops, subs = tj_ops(font, fs, words, gap, k)
        if len(subs) != 1:
            t = c.beginText(x0, PH - base); t.setFont(font, fs); t.textOut(" ".join(words)); c.drawText(t); continue
        fname = pdfmetrics.getFont(font).getSubsetInternalName(subs.pop(), c._doc)
        c._code.append("BT 0 Tc 0 Tw 100 Tz %s %.2f Tf 1 0 0 1 %.2f %.2f Tm [%s] TJ ET" % (fname, fs, x0, PH - base, " ".join(ops)))
        used.add("TJ"); continue
    tc = tw = 0; text = " ".join(words)
    if way == "tc":
        tc = fs * (0.06 + pick("tc %d" % idx, 7) / 100); used.add("Tc")
        w = pdfmetrics.stringWidth(text, font, fs) + tc * len(text)
        room = max(x1 - x0, 1) * 1.25
        if w > room: fs *= max(room / w, 0.75); tc *= max(room / w, 0.75)
        tw = 2.5 * tc
    elif way == "tw":
        if li < len(b) - 1 and len(words) > 2 and nb > 1 and bw - (x1 - x0) < 0.25 * bw:
            tw = (bw - pdfmetrics.stringWidth(text, font, fs)) / text.count(" ")
            if tw < 0: tw = 0
        used.add("Tw")
    elif way == "lig":
        text = lig(text, font)
    t = c.beginText(x0, PH - base)
    t.setFont(font, fs); t.setCharSpace(tc); t.setWordSpace(tw)
    t.textOut(text)
    c.drawText(t)
c.showPage(); c.save()
print(" ".join(sorted(used)))
EOF
      qpdf "$kd/bg.pdf" --overlay "$kd/text.pdf" -- "$kd/joined.pdf"
      # ligature glyphs map to their letters in the ToUnicode CMaps, as
      # LaTeX's and Word's fonts map them
      qpdf --qdf --object-streams=disable "$kd/joined.pdf" "$kd/qdf.pdf"
      "$kpy" - "$kd/qdf.pdf" "$kd/fixed.pdf" <<'EOF'
import sys, re
d = open(sys.argv[1], "rb").read()
m = {b"fb00": b"00660066", b"fb01": b"00660069", b"fb02": b"0066006c", b"fb03": b"006600660069"}
def fix(s):
    body = s.group(0)
    if b"beginbfchar" not in body and b"beginbfrange" not in body: return body
    return re.sub(rb"<(fb0[0-3])>", lambda x: b"<" + m[x.group(1).lower()] + b">", body, flags=re.I)
d = re.sub(rb"stream\r?\n.*?endstream", fix, d, flags=re.S)
open(sys.argv[2], "wb").write(d)
EOF
      fix-qdf "$kd/fixed.pdf" >"$kd/fixed2.pdf"
      qpdf "$kd/fixed2.pdf" "$f"
      [[ -s $f && $(pdfinfo "$f" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfkerning: $f is not one page" >&2; exit 1; }
      pdftoppm -r 40 -png -f 1 -l 1 "$f" "$kd/check" && ls "$kd"/check*.png >/dev/null 2>&1 || { echo "heldout: $s $n pdfkerning: $f does not render" >&2; exit 1; }
      local kw
      kw=$(pdftotext "$kd/print.pdf" - | tr -s ' \n' '\n\n' | sort -u | grep -c . || true)
      [[ $(comm -23 <(pdftotext "$kd/print.pdf" - | tr -s ' \n' '\n\n' | sort -u) <(pdftotext "$f" - | tr -s ' \n' '\n\n' | sort -u) | grep -c .) -le $(( kw / 10 )) ]] ||
        { echo "heldout: $s $n pdfkerning: $f does not give back the print's words" >&2; exit 1; }
      rm -rf "$kd" ;;
    pdfoldfilters)
      # A PDF as older lab, sleep-study and pharmacy software still writes
      # it (unseen176): a PDF 1.1-1.3 header, a classic cross-reference
      # table, streams in old or chained filters (LZWDecode written here in
      # python, ASCII85Decode, ASCIIHexDecode, RunLengthDecode, and chains
      # such as [/ASCII85Decode /LZWDecode] or [/ASCII85Decode /FlateDecode]),
      # the base-14 fonts unembedded (Helvetica, Times-Roman or Courier) in
      # /WinAnsiEncoding or /MacRomanEncoding, sometimes with an /Encoding
      # /Differences array for the dashes, bullets and degree signs. Either a
      # text PDF (the words where pdftotext -bbox finds them in the browser's
      # print, each fitted to its box by horizontal scaling, over the print's
      # rules and fills as a grey image without its text) or one page image
      # (the rendered page in grey); which one, the font, the encoding, the
      # filters and the header's version drawn from SEED and the document.
      # Checked with qpdf --check. Not harsh: every field stays legible to a
      # person; needs gs, qpdf, pdftotext and pdftoppm.
      f=$docs/$n.pdfoldfilters.pdf
      local ofd=$docs/$n.oldfilters.d ofkind ofpy=
      for tool in gs qpdf pdftotext pdftoppm; do
        command -v "$tool" >/dev/null || { echo "heldout: pdfoldfilters needs $tool (apt-get install ghostscript qpdf poppler-utils)" >&2; exit 1; }
      done
      for ofpy in /usr/bin/python3 python3; do "$ofpy" -c 'import reportlab' 2>/dev/null && break; done
      mkdir -p "$ofd"
      ofkind=$(pick "$n oldfilters kind" "$seed" 2)
      if ((ofkind == 0)); then
        chrome --no-pdf-header-footer --print-to-pdf="$ofd/print.pdf" "file://$PWD/$out/$s/html/$n.html"
        pdftotext -f 1 -l 1 -bbox "$ofd/print.pdf" "$ofd/bbox.html"
        gs -q -dNOPAUSE -dBATCH -dSAFER -dFILTERTEXT -sDEVICE=pdfwrite -o "$ofd/bg.pdf" -dFirstPage=1 -dLastPage=1 "$ofd/print.pdf"
        pdftoppm -r 100 -gray -f 1 -l 1 -singlefile "$ofd/bg.pdf" "$ofd/bg"
        convert "$ofd/bg.pgm" -depth 8 "gray:$ofd/img.raw"
        identify -format '%w %h 100' "$ofd/bg.pgm" >"$ofd/img.size"
      else
        base=$(page "$s" "$n")
        convert "$base" -colorspace Gray -depth 8 "gray:$ofd/img.raw"
        identify -format '%w %h 200' "$base" >"$ofd/img.size"
        : >"$ofd/bbox.html"
      fi
      "$ofpy" - "$ofd" "$f" "$seed $n" "$ofkind" >"$ofd/used.txt" <<'EOF'
import sys, re, html, zlib, base64, binascii
d, dst, key, kind = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
def pick(s, n): return zlib.crc32((key + " " + s).encode()) % n
def lzw(data):
    out, acc, nb = bytearray(), 0, 0
    def emit(code, width):
        nonlocal acc, nb
        acc = (acc << width) | code; nb += width
        while nb >= 8:
            nb -= 8; out.append((acc >> nb) & 255)
        acc &= (1 << nb) - 1
    table = {bytes([i]): i for i in range(256)}; nxt, width = 258, 9
    emit(256, width); w = b""
    for c in data:
        wc = w + bytes([c])
        if wc in table: w = wc; continue
        emit(table[w], width); table[wc] = nxt; nxt += 1
        if nxt + 1 > (1 << width) and width < 12: width += 1  # EarlyChange 1
        if nxt >= 4093:
            emit(256, width); table = {bytes([i]): i for i in range(256)}; nxt, width = 258, 9
        w = bytes([c])
    if w: emit(table[w], width)
    emit(257, width)
    if nb: out.append((acc << (8 - nb)) & 255)
    return bytes(out)
def rle(data):
    out, i = bytearray(), 0
    while i < len(data):
        j = i
        while j < len(data) and j - i < 128 and data[j] == data[i]: j += 1
        if j - i >= 2: out += bytes([257 - (j - i), data[i]]); i = j; continue
        j = i + 1
        while j < len(data) and j - i < 128 and not (j + 1 < len(data) and data[j] == data[j + 1]): j += 1
        out += bytes([j - i - 1]) + data[i:j]; i = j
    return bytes(out + b"\x80")
ENC = {"/LZWDecode": lzw, "/FlateDecode": zlib.compress, "/RunLengthDecode": rle,
       "/ASCII85Decode": lambda b: base64.a85encode(b, wrapcol=72) + b"~>",
       "/ASCIIHexDecode": lambda b: binascii.hexlify(b) + b">"}
CHAINS = [["/LZWDecode"], ["/ASCII85Decode", "/LZWDecode"], ["/ASCII85Decode", "/FlateDecode"],
          ["/ASCIIHexDecode", "/RunLengthDecode"], ["/ASCII85Decode"], ["/RunLengthDecode"], ["/ASCII85Decode", "/RunLengthDecode"]]
def stream(dic, data, chain):
    for flt in reversed(chain): data = ENC[flt](data)
    f = chain[0] if len(chain) == 1 else "[" + " ".join(chain) + "]"
    return b"<< " + dic + b" /Filter " + f.encode() + b" /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"
w, h, dpi = map(int, open(d + "/img.size").read().split())
img = open(d + "/img.raw", "rb").read()
ichain, cchain = CHAINS[pick("image filter", len(CHAINS))], CHAINS[pick("content filter", len(CHAINS))]
used = ichain + cchain
PW, PH = w * 72 / dpi, h * 72 / dpi
objs = {}
objs[4] = stream(b"/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8" % (w, h), img, ichain)
content = b"q %.2f 0 0 %.2f 0 0 cm /Im0 Do Q\n" % (PW, PH)
res = b"/XObject << /Im0 4 0 R >>"
if kind == 0:
    font = ["Helvetica", "Times-Roman", "Courier"][pick("font", 3)]
    encname = ["/WinAnsiEncoding", "/MacRomanEncoding"][pick("encoding", 2)]
    diffs = pick("differences", 2) == 1
    codec = "cp1252" if encname == "/WinAnsiEncoding" else "mac_roman"
    SPECIAL = {"\u2013": "endash", "\u2022": "bullet", "\u00b7": "periodcentered", "\u00b0": "degree", "\u00b5": "mu", "\u2019": "quoteright", "\u2014": "emdash"}
    if diffs:
        codes = {ch: i + 1 for i, ch in enumerate(SPECIAL)}
        enc = b"<< /Type /Encoding /BaseEncoding " + encname.encode() + b" /Differences [1 " + b" ".join(b"/" + SPECIAL[c].encode() for c in SPECIAL) + b"] >>"
    else:
        codes, enc = {}, encname.encode()
    objs[5] = b"<< /Type /Font /Subtype /Type1 /BaseFont /" + font.encode() + b" /Encoding " + enc + b" >>"
    res += b" /Font << /F1 5 0 R >>"
    try:
        from reportlab.pdfbase.pdfmetrics import stringWidth
    except ImportError:
        stringWidth = lambda t, f, s: len(t) * s * (0.6 if f == "Courier" else 0.5)
    src = open(d + "/bbox.html", encoding="utf-8").read()
    pm = re.search(r'<page width="([\d.]+)" height="([\d.]+)"', src)
    SW, SH = float(pm.group(1)), float(pm.group(2))
    k = PW / SW
    ops = [b"BT /F1 1 Tf"]
    def encode(t):
        t = t.replace("\u2265", ">=").replace("\u2713", "X").replace("\u2264", "<=")
        b = bytearray()
        for ch in t:
            if ch in codes: b.append(codes[ch]); continue
            try: b += ch.encode(codec)
            except UnicodeEncodeError: b += b"?"
        return bytes(b).replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")
    for x0, y0, x1, y1, t in re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>', src):
        x0, y0, x1, y1, t = float(x0), float(y0), float(x1), float(y1), html.unescape(t)
        hgt = y1 - y0; fs = hgt / 1.16 * k
        wd = stringWidth(t.replace("\u2265", ">=").replace("\u2713", "X"), font, fs) or 1
        tz = max(50, min(200, 100 * (x1 - x0) * k / wd))
        by = (SH - y1 + hgt * 0.24) * k
        ops.append(b"/F1 %.2f Tf %.1f Tz 1 0 0 1 %.2f %.2f Tm (%s) Tj" % (fs, tz, x0 * k, by, encode(t)))
    ops.append(b"ET")
    content += b"\n".join(ops) + b"\n"
    used += [font, encname] + (["/Differences"] if diffs else [])
objs[3] = stream(b"", content, cchain)
version = ["1.1", "1.2", "1.3"][pick("version", 3)]
if "/FlateDecode" in used and version == "1.1": version = "1.2"
objs[1] = b"<< /Type /Catalog /Pages 2 0 R >>"
objs[2] = b"<< /Type /Pages /Kids [6 0 R] /Count 1 >>"
objs[6] = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /ProcSet [/PDF /Text /ImageB] %s >> /Contents 3 0 R >>" % (PW, PH, res)
objs[7] = b"<< /Producer (SomnoLink Report Writer 2.1) /Creator (heldout.sh pdfoldfilters) >>"
n = max(objs)
out, offs = b"%PDF-" + version.encode() + b"\n%\xe2\xe3\xcf\xd3\n", {}
for i in range(1, n + 1):
    if i not in objs: objs[i] = b"null"
    offs[i] = len(out); out += b"%d 0 obj\n" % i + objs[i] + b"\nendobj\n"
x = len(out)
out += b"xref\n0 %d\n0000000000 65535 f \n" % (n + 1) + b"".join(b"%010d 00000 n \n" % offs[i] for i in range(1, n + 1))
out += b"trailer\n<< /Size %d /Root 1 0 R /Info 7 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (n + 1, x)
open(dst, "wb").write(out)
print("PDF-" + version, "text" if kind == 0 else "image", " ".join(used))
EOF
      qpdf --check "$f" >"$ofd/check.txt" 2>&1 || { echo "heldout: $s $n pdfoldfilters: qpdf --check fails: $(tail -3 "$ofd/check.txt")" >&2; exit 1; }
      rm -rf "$ofd" ;;
    oldphone)
      # A photo taken with an old or cheap phone camera (unseen177): 2 to 5 MP
      # (1600x1200, 2048x1536 or 2592x1944, turned to the page's orientation),
      # the page filling 65-85% of the frame on a table, held nearly flat
      # (slight perspective), a little barrel distortion from the cheap lens,
      # fixed focus so slightly soft everywhere, purple or green fringing at
      # high-contrast edges (the red and blue channels scaled a little apart),
      # a warm or cool cast from poor white balance, light falling off, sensor
      # noise that shows most in the shadows, then JPEG quality 60-80 with
      # chroma halved (visible blocking). Which of these, and how much, drawn
      # from SEED and the document. Not harsh: every field stays legible to a
      # person.
      f=$docs/$n.oldphone.jpg
      local oz ofw ofh ofill opw oph obar oblur ofr ocast oq otab omat
      oz=$(pick "$n oldphone size" "$seed" 3)
      case $oz in 0) ofw=1600 ofh=1200 ;; 1) ofw=2048 ofh=1536 ;; *) ofw=2592 ofh=1944 ;; esac
      ((H > W)) && { local ot=$ofw; ofw=$ofh ofh=$ot; }
      ofill=$((65 + $(pick "$n oldphone fill" "$seed" 21)))
      opw=$((ofw * ofill / 100)) oph=$((ofh * ofill / 100))
      obar=$(awk "BEGIN{print 0.01 + $(pick "$n oldphone barrel" "$seed" 3) / 100}")
      oblur=$(awk "BEGIN{print 0.5 + $(pick "$n oldphone blur" "$seed" 5) / 10}")
      ofr=$(awk "BEGIN{print ($(pick "$n oldphone fringe" "$seed" 2) == 0 ? 1 : -1) * (0.0008 + $(pick "$n oldphone fringe size" "$seed" 5) / 10000)}")
      ocast=$(pick "$n oldphone cast" "$seed" 3)
      case $ocast in
        0) omat="1.07 0 0 0 1.0 0 0 0 0.86" ;;
        1) omat="0.90 0 0 0 1.0 0 0 0 1.09" ;;
        *) omat="1.0 0 0 0 1.04 0 0 0 0.95" ;;
      esac
      oq=$((60 + $(pick "$n oldphone quality" "$seed" 21)))
      case $(pick "$n oldphone table" "$seed" 3) in 0) otab='#7b5a3c' ;; 1) otab='#8d8d88' ;; *) otab='#5c4a3a' ;; esac
      convert -size "${ofw}x${ofh}" xc:"$otab" -seed "$seed" -attenuate 0.3 +noise Gaussian \
        \( "$base" -resize "${opw}x${oph}" \) -gravity center -compose over -composite +gravity \
        -background "$otab" -virtual-pixel background \
        -distort Perspective "0,0 $((ofw / 45)),$((ofh / 60))  $ofw,0 $((ofw - ofw / 80)),$((ofh / 90))  0,$ofh $((ofw / 90)),$((ofh - ofh / 55))  $ofw,$ofh $((ofw - ofw / 50)),$((ofh - ofh / 70))" \
        -virtual-pixel edge -distort Barrel "0.0 0.0 $obar" \
        -blur "0x$oblur" "$docs/$n.op1.png"
      convert "$docs/$n.op1.png" \
        \( -clone 0 -channel R -separate +channel -virtual-pixel edge -distort SRT "$(awk "BEGIN{print 1 + $ofr}") 0" \) \
        \( -clone 0 -channel G -separate +channel \) \
        \( -clone 0 -channel B -separate +channel -virtual-pixel edge -distort SRT "$(awk "BEGIN{print 1 - $ofr}") 0" \) \
        -delete 0 -combine -color-matrix "$omat" \
        \( +clone -sparse-color Shepards "0,0 #cccccc %[fx:w],0 #d6d6d6 %[fx:w/2],%[fx:h/2] #ffffff 0,%[fx:h] #d2d2d2 %[fx:w],%[fx:h] #c6c6c6" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.45 +noise Gaussian \
        -strip -sampling-factor 2x2 -quality "$oq" "$f"
      rm -f "$docs/$n.op1.png" ;;
    exifmirror)
      # A phone photo whose JPEG stores the page mirrored, as some front
      # cameras, scanners and editing apps write it (unseen185): the file's raw
      # pixels are the page flopped (EXIF Orientation 2), flipped (4),
      # transposed (5: mirrored and turned) or transversed (7), and the EXIF
      # Orientation tag says how to show it, so a viewer that honours EXIF
      # shows the page the right way round. Which of the four is drawn from
      # SEED and the document. The photo itself: slight perspective, the page
      # turned up to 1 degree, light falling off, noise, JPEG 88. Not harsh:
      # shown as the tag says, every field stays legible to a person.
      command -v exiftool >/dev/null || { echo "heldout: exifmirror needs exiftool (apt-get install libimage-exiftool-perl)" >&2; exit 1; }
      f=$docs/$n.exifmirror.jpg
      local xo xop xtilt
      case $(pick "$n exifmirror orientation" "$seed" 4) in
        0) xo=2 xop=-flop ;;
        1) xo=4 xop=-flip ;;
        2) xo=5 xop=-transpose ;;
        *) xo=7 xop=-transverse ;;
      esac
      xtilt=$(awk "BEGIN{print ($(pick "$n exifmirror turn" "$seed" 21) - 10) / 10}")
      convert "$base" -background '#8d877c' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 45)),$((H / 50))  $W,0 $((W - W / 55)),$((H / 70))  0,$H $((W / 60)),$((H - H / 45))  $W,$H $((W - W / 38)),$((H - H / 40))" \
        -rotate "$xtilt" +repage \
        \( +clone -sparse-color Barycentric "0,0 #d2d2d2 %[fx:w],%[fx:h] #ffffff" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian \
        $xop -strip -quality 88 "$f"
      exiftool -q -overwrite_original -Orientation#="$xo" -n "$f" ;;
    galleryshot)
      # A screenshot of the photo of the page open in the phone's gallery
      # app, sent instead of the photo itself (unseen126), as patients do
      # when they share "what is on the screen": a phone photo of the page
      # (turned up to 1.2 degrees, slight perspective, light falling off,
      # noise; the turn drawn from SEED and the document) letterboxed on the
      # viewer's black ground, fitted in 1110x1880 px (a little smaller than
      # the screen) on a 1170x2532 screenshot, with the gallery's interface
      # over and under it: the status bar, a back arrow, the photo's day
      # ("Today", "Yesterday" or a weekday and date, drawn the same way and
      # counted back from the run's day) and time, a "..." menu; a strip of
      # thumbnails and the toolbar (share, favourite, edit, info and delete
      # icons) below. JPEG 88. Nothing covers the photo. Not harsh: every
      # field stays legible to a person.
      f=$docs/$n.galleryshot.jpg
      local gtilt gback gday gtime PW PH GX GY today0
      gtilt=$(awk "BEGIN{print ($(pick "$n gallery turn" "$seed" 25) - 12) / 10}")
      gback=$(pick "$n gallery day" "$seed" 4)
      today0=${HELDOUT_TODAY:-$(date +%F)}
      case $gback in
        0) gday=Today ;;
        1) gday=Yesterday ;;
        *) gday=$(date -d "$today0 -$gback days" '+%A %-d %B') ;;
      esac
      gtime=$(printf '%d:%02d' $((8 + $(pick "$n gallery hour" "$seed" 12))) "$(pick "$n gallery minute" "$seed" 60)")
      convert "$base" -background '#8f8a80' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 50)),$((H / 45))  $W,0 $((W - W / 60)),$((H / 80))  0,$H $((W / 70)),$((H - H / 50))  $W,$H $((W - W / 40)),$((H - H / 36))" \
        -rotate "$gtilt" +repage \
        \( +clone -sparse-color Barycentric "0,0 #d6d6d6 %[fx:w],%[fx:h] #ffffff" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.2 +noise Gaussian -resize 1110x1880 "$docs/$n.gal.png"
      PW=$(identify -format %w "$docs/$n.gal.png"); PH=$(identify -format %h "$docs/$n.gal.png")
      GX=$(((1170 - PW) / 2)) GY=$((300 + (1880 - PH) / 2))
      convert "$docs/$n.gal.png" -resize 90x120^ -gravity center -extent 90x120 +gravity "$docs/$n.galthumb.png"
      convert -size 1170x2532 xc:black \
        "$docs/$n.gal.png" -geometry "+$GX+$GY" -compose over -composite \
        -font DejaVu-Sans-Bold -fill white -pointsize 44 -annotate +80+95 "$((19 + $(pick "$n gallery now" "$seed" 4))):$((10 + $(pick "$n gallery nowm" "$seed" 50)))" \
        -font DejaVu-Sans -pointsize 40 -annotate +880+95 '5G 81%' \
        -fill white -pointsize 110 -annotate +34+262 '‹' \
        -font DejaVu-Sans-Bold -pointsize 44 -gravity north -annotate +0+172 "$gday" \
        -font DejaVu-Sans -fill '#bbbbbb' -pointsize 36 -annotate +0+232 "$gtime" +gravity \
        -fill white -draw "circle 1045,220 1045,262" -fill black -draw "circle 1027,220 1027,226" -draw "circle 1045,220 1045,226" -draw "circle 1063,220 1063,226" \
        -fill '#333333' -draw "rectangle 0,2200 1170,2202" \
        \( "$docs/$n.galthumb.png" \) -geometry +540+2214 -compose over -composite \
        -fill '#2a2a2a' -draw "rectangle 420,2224 510,2324" -draw "rectangle 300,2224 390,2324" -draw "rectangle 660,2224 750,2324" -draw "rectangle 780,2224 870,2324" \
        -fill none -stroke white -strokewidth 5 -draw "rectangle 536,2210 634,2338" \
        -draw "polyline 70,2400 70,2470 150,2470 150,2400" -draw "line 110,2380 110,2440" -draw "polyline 90,2400 110,2380 130,2400" \
        -draw "path 'M 330,2470 C 250,2420 270,2370 330,2405 C 390,2370 410,2420 330,2470 Z'" \
        -draw "line 530,2395 640,2395" -draw "line 530,2425 640,2425" -draw "line 530,2455 640,2455" \
        -fill black -draw "circle 565,2395 565,2408" -draw "circle 610,2425 610,2438" -draw "circle 580,2455 580,2468" -fill none \
        -draw "circle 815,2425 815,2465" -stroke none -fill white -draw "rectangle 811,2418 819,2448" -draw "circle 815,2405 815,2410" \
        -fill none -stroke white -strokewidth 5 -draw "polyline 1010,2398 1020,2475 1080,2475 1090,2398" -draw "line 995,2395 1105,2395" -draw "polyline 1030,2395 1035,2380 1065,2380 1070,2395" \
        -stroke none -quality 88 "$f"
      rm -f "$docs/$n.gal.png" "$docs/$n.galthumb.png" ;;
    macro)
      # A close-up in the phone camera's macro (close-focus) mode, as patients
      # take one to show small print (unseen179): the part of the page with the
      # fields (<meta name="heldout-macro" content="X Y W H">, CSS px of the
      # page's viewport; the whole page without it) cropped with a margin and
      # scaled up so its long side is 3000-4000 px (letters about 80-250 px
      # high), the camera's sharpening; a shallow depth of field: the frame's
      # edges soft (a blurred copy blended in through a feathered mask, a
      # rounded rectangle inset about 8% of the frame and rounded off at the
      # corners, that leaves the middle, where the fields are, sharp); a
      # slight vignette, sensor noise, and on some documents the phone's soft
      # shadow across one side; JPEG at the best quality under the
      # 4,000,000-byte upload limit. The size, the turn (up to 0.8 degrees),
      # the blur, the shadow's side and the vignette drawn from SEED and the
      # document. Not harsh: every field stays sharp and in the frame.
      f=$docs/$n.macro.jpg
      local mspec mvp mscale mox moy mx my mw mh mL mMW mMH mblur mside mturn mvig q
      mspec=$(sed -n 's/.*name="heldout-macro" content="\([^"]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      mvp=$(sed -n 's/.*name="heldout-viewport" content="[0-9]*x[0-9]*@\([0-9.]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      mscale=${mvp:-2}; mscale=${mscale%%.*}
      if [[ -n $mspec ]]; then
        read -r mx my mw mh <<<"$mspec"
        # The page image is the raw screenshot trimmed, then framed by 40 px.
        mox=$(convert "$out/$s/png/$n.raw.png" -trim -format '%X %Y' info:); mox=${mox//+/}
        moy=${mox#* } mox=${mox% *}
        mx=$((mx * mscale - mox + 40)) my=$((my * mscale - moy + 40)) mw=$((mw * mscale)) mh=$((mh * mscale))
        ((mx < 0)) && mx=0; ((my < 0)) && my=0
        ((mx + mw > W)) && mw=$((W - mx)); ((my + mh > H)) && mh=$((H - my))
      else
        mx=0 my=0 mw=$W mh=$H
      fi
      mL=$((3000 + 100 * $(pick "$n macro size" "$seed" 11)))
      if ((mw >= mh)); then mMW=$mL mMH=$((mL * mh / mw)); else mMH=$mL mMW=$((mL * mw / mh)); fi
      mblur=$((mL / 300 + $(pick "$n macro blur" "$seed" 5)))
      mside=$(pick "$n macro shadow" "$seed" 3)
      mturn=$(awk "BEGIN{print ($(pick "$n macro turn" "$seed" 17) - 8) / 10}")
      mvig=$((150 + $(pick "$n macro vignette" "$seed" 40)))
      convert "$base" -crop "${mw}x${mh}+${mx}+${my}" +repage -resize "${mMW}x${mMH}!" \
        -background '#f2f0ea' -rotate "$mturn" -gravity center -extent "${mMW}x${mMH}" +gravity \
        -unsharp 0x2+0.7+0 "$docs/$n.macro.sharp.miff"
      convert "$docs/$n.macro.sharp.miff" \
        \( +clone -resize 25% -blur "0x$((mblur / 4 + 1))" -resize "${mMW}x${mMH}!" \) \
        \( -size 1000x1000 xc:white -fill black -draw "roundrectangle 80,80 920,920 220,220" -resize 25% -blur 0x14 -resize "${mMW}x${mMH}!" \) \
        -compose over -composite \
        \( -size 1000x1000 radial-gradient:white-"rgb($mvig,$mvig,$mvig)" -resize "${mMW}x${mMH}!" -level 0%,100% \) -compose multiply -composite \
        "$docs/$n.macro.miff"
      local mflop=()
      ((mside == 2)) && mflop=(-flop)
      if ((mside > 0)); then
        convert "$docs/$n.macro.miff" \
          \( -size 400x400 xc:white -fill '#8c8c8c' -draw "rectangle 0,0 57,400" -blur 0x10 "${mflop[@]}" -resize "${mMW}x${mMH}!" \) \
          -compose multiply -composite "$docs/$n.macro.miff"
      fi
      convert "$docs/$n.macro.miff" -seed "$seed" -attenuate 0.18 +noise Gaussian "$docs/$n.macro.miff"
      for q in 90 86 82 78 74 70; do
        convert "$docs/$n.macro.miff" -quality "$q" "$f"
        (($(stat -c %s "$f") < 4000000)) && break
      done
      rm -f "$docs/$n.macro.miff" "$docs/$n.macro.sharp.miff" ;;
    hidpi)
      # A screenshot taken on a high-density screen, saved as it is
      # (unseen172): the page re-rendered by Chromium at the screen's own
      # scale (--force-device-scale-factor), not scaled from the page image.
      # A phone-sized page (viewport 500 CSS px wide or less) is a phone's
      # 3x screenshot, 1290x2796. A wider page is shown in a browser window
      # (tab strip and address bar with the page's made-up address) on a
      # desktop (a wallpaper gradient, a menu bar or a taskbar), the
      # window at a place drawn from SEED and the document, and one of:
      # 0 a Mac at 2x (2880x1800, 3024x1964, 3456x2234, 3840x2160 or
      # 5120x2880, among those the window fits), 1 a 4K desktop at 100%
      # (3840x2160, the page's text its CSS size in a large image), 2 a
      # Windows desktop at 125% or 150% (2560x1440 at 125%, 2880x1920 or
      # 3840x2160 at 150%, among those it fits) with ClearType's colour
      # fringes (the red channel a third of a pixel left, the blue a third
      # right), 3 a 5K Mac at 2x with the small window alone on the large
      # empty desktop. PNG as screenshot tools save it (JPEG 92 only were
      # the PNG over 3,900,000 bytes). Not harsh: every field stays
      # legible to a person at 100%.
      f=$docs/$n.hidpi.png
      local hd=$docs/$n.hd vp w h hk hs PWs PHs SWp SHp TB MB WX WY cand fits hx hy i
      rm -rf "$hd" && mkdir -p "$hd"
      vp=$(sed -n 's/.*name="heldout-viewport" content="\([0-9x@.]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      vp=${vp:-900x520@2}
      w=${vp%%x*} h=${vp#*x}; h=${h%@*}
      if ((w <= 500)); then
        hs=$(awk -v b="$w" 'BEGIN{printf "%.4f", 1290 / b}')
        chrome --force-device-scale-factor="$hs" --window-size="$w,$h" --screenshot="$hd/raw.png" "file://$PWD/$out/$s/html/$n.html"
        convert -size 1290x2796 xc:white "$hd/raw.png" -geometry +0+0 -compose over -composite -crop 1290x2796+0+0 +repage -strip "$f"
      else
        hk=$(pick "$n hidpi kind" "$seed" 4)
        case $hk in
          0) cand="2880x1800@2 3024x1964@2 3456x2234@2 3840x2160@2 5120x2880@2" ;;
          1) cand="3840x2160@1" ;;
          2) cand="2560x1440@1.25 2880x1920@1.5 3840x2160@1.5" ;;
          *) cand="5120x2880@2" ;;
        esac
        fits=()
        for i in $cand; do
          SWp=${i%%x*} SHp=${i#*x}; SHp=${SHp%@*}; hs=${i#*@}
          awk -v sw="$SWp" -v sh="$SHp" -v s="$hs" -v w="$w" -v h="$h" 'BEGIN{exit !(w + 20 <= sw / s && h + 76 + 48 + 10 <= sh / s)}' && fits+=("$i")
        done
        ((${#fits[@]})) || fits=("5120x2880@2")
        i=${fits[$(pick "$n hidpi screen" "$seed" ${#fits[@]})]}
        SWp=${i%%x*} SHp=${i#*x}; SHp=${SHp%@*}; hs=${i#*@}
        chrome --force-device-scale-factor="$hs" --window-size="$w,$h" --screenshot="$hd/raw.png" "file://$PWD/$out/$s/html/$n.html"
        PWs=$(identify -format %w "$hd/raw.png"); PHs=$(identify -format %h "$hd/raw.png")
        TB=$(awk -v s="$hs" 'BEGIN{printf "%d", 76 * s}')
        if ((hk == 2)); then MB=$(awk -v s="$hs" 'BEGIN{printf "%d", 48 * s}'); else MB=$(awk -v s="$hs" 'BEGIN{printf "%d", 25 * s}'); fi
        local ps; ps=$(awk -v s="$hs" 'BEGIN{printf "%d", 13 * s}')
        convert -size "${PWs}x${TB}" xc:'#dfe1e5' \
          -fill '#ffffff' -draw "roundrectangle $((TB * 2)),$((TB / 10)) $((TB * 2 + PWs / 4)),$((TB / 2)) $((TB / 10)),$((TB / 10))" \
          -fill '#f1f3f4' -draw "roundrectangle $((TB * 2)),$((TB * 55 / 100)) $((PWs - TB)),$((TB * 92 / 100)) $((TB / 6)),$((TB / 6))" \
          -font DejaVu-Sans -fill '#333333' -pointsize "$ps" -annotate "+$((TB * 2 + TB / 4))+$((TB * 40 / 100))" "${n//-/ }" \
          -annotate "+$((TB * 2 + TB / 4))+$((TB * 83 / 100))" "https://portal.example/${n}" \
          -fill '#ff5f57' -draw "circle $((TB / 3)),$((TB / 3)) $((TB / 3 + TB / 12)),$((TB / 3))" \
          -fill '#febc2e' -draw "circle $((TB * 2 / 3)),$((TB / 3)) $((TB * 2 / 3 + TB / 12)),$((TB / 3))" \
          -fill '#28c840' -draw "circle $((TB)),$((TB / 3)) $((TB + TB / 12)),$((TB / 3))" \
          "$hd/bar.png"
        convert "$hd/bar.png" "$hd/raw.png" -append -bordercolor '#9a9a9a' -border 1 "$hd/win.png"
        local WW WH c1 c2
        WW=$(identify -format %w "$hd/win.png"); WH=$(identify -format %h "$hd/win.png")
        hx=$((SWp - WW)); hy=$((SHp - WH - 2 * MB)); ((hx < 0)) && hx=0; ((hy < 0)) && hy=0
        WX=$((hx * $(pick "$n hidpi x" "$seed" 101) / 100))
        WY=$((MB + hy * $(pick "$n hidpi y" "$seed" 101) / 100))
        case $(pick "$n hidpi wall" "$seed" 3) in
          0) c1='#1d3b5c' c2='#5f87ad' ;; 1) c1='#3b2a4d' c2='#b07a8f' ;; *) c1='#27493a' c2='#8fb39a' ;;
        esac
        if ((hk == 2)); then
          convert -size "${SWp}x${SHp}" gradient:"$c1-$c2" \
            \( "$hd/win.png" \) -geometry "+$WX+$WY" -compose over -composite \
            -fill '#202020' -draw "rectangle 0,$((SHp - MB)) $SWp,$SHp" \
            -fill white -font DejaVu-Sans -pointsize "$ps" -gravity southeast -annotate "+$((MB / 2))+$((MB / 3))" "$(printf '%d:%02d' $((9 + $(pick "$n hidpi h" "$seed" 9))) "$(pick "$n hidpi m" "$seed" 60)")" +gravity \
            \( -clone 0 -channel R -separate +channel -virtual-pixel edge -distort SRT "0,0 1 0 -0.33,0" \) \
            \( -clone 0 -channel G -separate +channel \) \
            \( -clone 0 -channel B -separate +channel -virtual-pixel edge -distort SRT "0,0 1 0 0.33,0" \) \
            -delete 0 -set colorspace sRGB -combine -strip "$f"
        else
          convert -size "${SWp}x${SHp}" gradient:"$c1-$c2" \
            \( "$hd/win.png" \) -geometry "+$WX+$WY" -compose over -composite \
            -fill '#ececec' -draw "rectangle 0,0 $SWp,$MB" \
            -fill '#111111' -font DejaVu-Sans-Bold -pointsize "$ps" -annotate "+$((MB * 2))+$((MB * 3 / 4))" 'Chrome   File   Edit   View   History' \
            -strip "$f"
        fi
      fi
      if (($(stat -c %s "$f") > 3900000)); then
        convert "$f" -quality 92 "${f%.png}.jpg" && rm -f "$f" && f=${f%.png}.jpg
      fi
      identify -format '%wx%h' "$f" | grep -qE '^(1290x2796|2560x1440|2880x1800|2880x1920|3024x1964|3456x2234|3840x2160|5120x2880)$' ||
        { echo "heldout: $s $n hidpi: $f is not a high-density screen's size" >&2; exit 1; }
      rm -rf "$hd" ;;
    pdfstrips)
      # A scanned PDF whose page image is stored as many horizontal strips
      # (unseen154), as some office scanners, fax-to-PDF gateways and mobile
      # scanner SDKs write a page to save memory: 8-32 separate image
      # XObjects stacked to make the page, no text layer. The sheet is A4
      # for a document whose name starts uk-, US Letter otherwise, at 200
      # dpi, the page on it at its printed size (a CSS pixel 1/96 inch)
      # shrunk to fit 0.4 inch margins, grey or colour, softened by the
      # scanner's optics and a little noise. The strips' count, how they
      # join (flush, each overlapping the next by one or two rows, or a
      # one-pixel gap left between them where the writer dropped a row) and
      # the compressions (DCT for some strips, Flate for others: drawn per
      # strip, alternating, or Flate every fourth) are drawn from SEED and
      # the document. Written as raw PDF objects (ImageMagick may not write
      # PDF here). Checked with `pdfimages -list` (one image per strip on
      # one page) and `pdftoppm` (renders as one page). Not harsh: every
      # field stays legible to a person.
      command -v pdfimages >/dev/null && command -v pdftoppm >/dev/null ||
        { echo "heldout: pdfstrips needs pdfimages and pdftoppm (apt-get install poppler-utils)" >&2; exit 1; }
      f=$docs/$n.pdfstrips.pdf
      local sd=$docs/$n.pdfstrips.d dpi=200 SW SH vpx PW PH nst joint cmode grey hh y0 k comp ext rows ov
      rm -rf "$sd" && mkdir -p "$sd"
      if [[ $n == uk-* ]]; then SW=1654 SH=2339; else SW=1700 SH=2200; fi
      vpx=$(sed -n 's/.*name="heldout-viewport" content="[0-9]*x[0-9]*@\([0-9.]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      PW=$(awk "BEGIN{printf \"%d\", $W / ${vpx:-2} * $dpi / 96}"); PH=$(awk "BEGIN{printf \"%d\", $H / ${vpx:-2} * $dpi / 96}")
      nst=$((8 + $(pick "$n pdfstrips count" "$seed" 25)))
      joint=$(pick "$n pdfstrips joint" "$seed" 3)
      cmode=$(pick "$n pdfstrips compression" "$seed" 3)
      grey=$(pick "$n pdfstrips grey" "$seed" 2)
      convert -size "${SW}x${SH}" xc:white \
        \( "$base" -resize "${PW}x${PH}!" -resize "$((SW - 4 * dpi / 5))x$((SH - 4 * dpi / 5))>" \) \
        -gravity north -geometry "+0+$((2 * dpi / 5))" -compose over -composite +gravity \
        -blur 0x0.5 -seed "$seed" -attenuate 0.1 +noise Gaussian -level 2%,97% \
        $( ((grey)) && echo -colorspace Gray) "$sd/page.png"
      hh=$(((SH + nst - 1) / nst))
      : >"$sd/list"
      for ((k = 0; k < nst; k++)); do
        y0=$((k * hh)) rows=$hh
        ((y0 + rows > SH)) && rows=$((SH - y0))
        ov=0
        case $joint in
          1) ((k < nst - 1)) && ov=$((1 + $(pick "$n pdfstrips overlap $k" "$seed" 2))) ;;
          2) ((k < nst - 1)) && ov=-1 ;;
        esac
        ((y0 + rows + ov > SH)) && ov=$((SH - y0 - rows))
        case $cmode in
          0) comp=$(pick "$n pdfstrips comp $k" "$seed" 2) ;;
          1) comp=$((k % 2)) ;;
          *) comp=$((k % 4 == 3 ? 1 : 0)) ;;
        esac
        if ((comp == 0)); then
          ext=jpg
          if ((grey)); then
            convert "$sd/page.png" -crop "${SW}x$((rows + ov))+0+$y0" +repage -colorspace Gray -type Grayscale -quality 80 "$sd/s$k.jpg"
          else
            convert "$sd/page.png" -crop "${SW}x$((rows + ov))+0+$y0" +repage -colorspace sRGB -type TrueColor -quality 80 "$sd/s$k.jpg"
          fi
        else
          ext=raw
          convert "$sd/page.png" -crop "${SW}x$((rows + ov))+0+$y0" +repage -depth 8 "$( ((grey)) && echo gray || echo rgb):$sd/s$k.raw"
        fi
        echo "$sd/s$k.$ext $y0 $((rows + ov))" >>"$sd/list"
      done
      python3 - "$sd/list" "$f" "$dpi" "$SW" "$SH" "$grey" <<'EOF'
# Stack the strips, each its own image XObject at its place, on one page.
import sys, zlib
lst, out, dpi, sw, sh, grey = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6] == "1"
cs = b"/DeviceGray" if grey else b"/DeviceRGB"
pw, ph = sw * 72 / dpi, sh * 72 / dpi
objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>", None, None,
        b"<< /Producer (ScanStream SDK 4.2 strip writer) >>"]
xobjs, draw = [], []
for i, line in enumerate(open(lst).read().split("\n")):
    if not line:
        continue
    path, y0, rows = line.rsplit(" ", 2)
    y0, rows = int(y0), int(rows)
    data = open(path, "rb").read()
    if path.endswith(".jpg"):
        filt = b"/DCTDecode"
    else:
        if len(data) != sw * rows * (1 if grey else 3):
            sys.exit("heldout: pdfstrips: %s is not %d rows" % (path, rows))
        data, filt = zlib.compress(data, 9), b"/FlateDecode"
    objs.append(b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace %s /BitsPerComponent 8 /Filter %s /Length %d >>\nstream\n"
                % (sw, rows, cs, filt, len(data)) + data + b"\nendstream")
    xobjs.append(b"/S%d %d 0 R" % (i, len(objs)))
    draw.append(b"q %.3f 0 0 %.3f 0 %.3f cm /S%d Do Q" % (pw, rows * 72 / dpi, (sh - y0 - rows) * 72 / dpi, i))
content = b"\n".join(draw)
objs[2] = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /XObject << %s >> >> /Contents 4 0 R >>" % (pw, ph, b" ".join(xobjs))
objs[3] = b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream"
pdf, offsets = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", []
for i, o in enumerate(objs, 1):
    offsets.append(len(pdf))
    pdf += b"%d 0 obj\n" % i + o + b"\nendobj\n"
xref = len(pdf)
pdf += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1) + b"".join(b"%010d 00000 n \n" % o for o in offsets)
pdf += b"trailer\n<< /Size %d /Root 1 0 R /Info 5 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
open(out, "wb").write(pdf)
EOF
      [[ $(pdfimages -list "$f" 2>/dev/null | tail -n +3 | wc -l) == "$nst" ]] ||
        { echo "heldout: $s $n pdfstrips: $f does not hold $nst images" >&2; exit 1; }
      pdftoppm -r 20 -png -singlefile "$f" "$sd/check" && [[ -s $sd/check.png ]] ||
        { echo "heldout: $s $n pdfstrips: $f does not render" >&2; exit 1; }
      rm -rf "$sd" ;;
    halftone)
      # The page printed on a cheap colour inkjet, or a laser in "economy"
      # mode, whose driver renders greys and colours by halftone dithering,
      # then photographed or scanned (unseen130), as patients print the web
      # pages and e-mails they are sent: black print (near-black and nearly
      # colourless, under 45% grey with under 10% saturation) comes out
      # solid; everything else, grey and coloured print, coloured bands,
      # light grey labels, shaded table rows and the grey edges of letters,
      # is broken into dots, each ink (cyan, magenta, yellow) on its own:
      # either an ordered clustered-dot screen (ImageMagick's h6x6a, h8x8a or
      # h6x6o map, 6-8 px cells at the page's scale) or error diffusion
      # (Floyd-Steinberg onto the eight colours the inks make, at half the
      # page's resolution, so each dot is 2 px); the printer's banding, faint
      # horizontal stripes where the ink (black too) is thinner (2-3 px high
      # every 26-40 px, 12-20% less ink) with a fainter seam between; the
      # paper a little warm. Then either a phone photo (the sheet on a desk,
      # slight perspective, light falling off, noise, JPEG 85) or a flatbed
      # scan at 200 dpi (turned up to 0.5 degrees, slight softness and noise,
      # JPEG 88). The screen, the banding and the capture are drawn from
      # SEED and the document. The dots stay visible at full size. Not
      # harsh: every field stays legible to a person.
      f=$docs/$n.halftone.jpg
      local ht=$docs/$n.ht hmode hcap hturn hw
      read -r hmode hcap hturn <<<"$(python3 - "$n" "$seed" "$W" "$H" "$ht-rows.pgm" <<'EOF'
import random, sys
n, seed, W, H = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
r = random.Random(f"{n} halftone {seed}")
mode = r.choice(("h6x6a", "h8x8a", "h6x6o", "diffusion", "diffusion"))
pitch = r.randint(26, 40)
off = r.randint(0, pitch - 1)
sh = r.randint(2, 3)
thin = r.uniform(0.80, 0.88)   # the ink left in a stripe
rows = []
for y in range(H):
    k = (y - off) % pitch
    v = thin + r.uniform(-0.02, 0.02) if k < sh else 0.95 if k == pitch // 2 else 1.0
    rows.append(v)
with open(sys.argv[5], "w") as f:
    f.write(f"P2\n1 {H}\n255\n" + "\n".join(str(round(v * 255)) for v in rows) + "\n")
print(mode, r.choice(("photo", "scan")), f"{r.uniform(-0.5, 0.5):.2f}")
EOF
)"
      # Black print: dark and nearly colourless (white in the mask).
      convert "$base" -alpha off -grayscale Rec709Luma -threshold 45% -negate "$ht-dark.png"
      convert "$base" -alpha off -separate -evaluate-sequence max "$ht-max.png"
      convert "$base" -alpha off -separate -evaluate-sequence min "$ht-min.png"
      convert "$ht-max.png" "$ht-min.png" -compose difference -composite -threshold 10% -negate \
        "$ht-dark.png" -compose multiply -composite "$ht-k.png"
      # The rest, as ink (negated RGB is cyan, magenta and yellow), dithered.
      convert "$base" -alpha off "$ht-k.png" -compose screen -composite "$ht-col.png"
      if [[ $hmode == diffusion ]]; then
        convert -size 1x1 xc:white xc:cyan xc:magenta xc:yellow xc:red xc:lime xc:blue xc:black +append "$ht-pal.png"
        convert "$ht-col.png" -scale 50% -dither FloydSteinberg -remap "$ht-pal.png" -scale "${W}x${H}!" "$ht-dots.png"
      else
        convert "$ht-col.png" -negate -ordered-dither "$hmode" -negate "$ht-dots.png"
      fi
      # Black on top, solid; the banding thins all the ink; warm paper.
      convert "$ht-dots.png" \( "$ht-k.png" -negate \) -compose multiply -composite -negate \
        \( "$ht-rows.pgm" -scale "${W}x${H}!" \) -compose multiply -composite -negate \
        \( -size "${W}x${H}" xc:'#f8f6ef' \) -compose multiply -composite "$ht-print.png"
      if [[ $hcap == scan ]]; then
        convert "$ht-print.png" -resize "$((200 * 100 / 192))%" -background white -rotate "$hturn" +repage \
          -blur 0x0.4 -seed "$seed" -attenuate 0.15 +noise Gaussian \
          -units PixelsPerInch -density 200 -quality 88 "$f"
      else
        hw=$((W / 25))
        convert "$ht-print.png" -bordercolor '#6f6658' -border "$hw" \
          -background '#6f6658' -virtual-pixel background \
          -distort Perspective "$(python3 -c "
import random; r = random.Random('$n halftone persp $seed')
w, h = $W + 2 * $hw, $H + 2 * $hw
d = lambda a: round(a * r.uniform(0.4, 1.0))
print(f'0,0 {d(w/45)},{d(h/45)}  {w},0 {w-d(w/50)},{d(h/60)}  0,{h} {d(w/60)},{h-d(h/50)}  {w},{h} {w-d(w/40)},{h-d(h/45)}')")" \
          \( +clone -sparse-color Barycentric "0,0 #ffffff %[fx:w],%[fx:h] #aaa59c" \) -compose multiply -composite \
          -blur 0x0.5 -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      fi
      rm -f "$ht"-* ;;
    tablecloth)
      # The page lying on a checked tablecloth, photographed from above by
      # day: the page a little turned with its own soft shadow, and the
      # cast shadow of the phone and the hand holding it across one corner
      # of the page (which corner, and the turn, drawn from SEED and the
      # document), soft-edged and about half as bright, so the print under
      # it is darker but plain; light falling off, noise, JPEG 82.
      f=$docs/$n.tablecloth.jpg
      local CW=$((W * 13 / 10)) CH=$((H * 13 / 10)) S=$(((W < H ? W : H) / 16 + 6)) turn corner flip=()
      turn=$(($(pick "$n turn" "$seed" 7) - 3))
      corner=$(pick "$n shadow" "$seed" 4)
      case $corner in 1) flip=(-flop) ;; 2) flip=(-flip) ;; 3) flip=(-flip -flop) ;; esac
      convert -size "$((2 * S))x$((2 * S))" xc:'#f4f0e6' -fill 'rgba(176,38,52,0.45)' \
        -draw "rectangle 0,0 $((S - 1)),$((2 * S - 1))" -draw "rectangle 0,0 $((2 * S - 1)),$((S - 1))" "$docs/$n.check.png"
      convert -size "${CW}x${CH}" xc:white -fill '#7c7c7c' \
        -draw "roundrectangle $((CW * 56 / 100)),$((CH * 4 / 100)) $((CW * 80 / 100)),$((CH * 40 / 100)) $((S / 2)),$((S / 2))" \
        -draw "polygon $((CW * 64 / 100)),$((CH * 36 / 100)) $((CW * 79 / 100)),$((CH * 30 / 100)) $CW,$((CH * 52 / 100)) $CW,$((CH * 80 / 100))" \
        "${flip[@]}" -blur "0x$((S / 3 + 2))" "$docs/$n.cast.png"
      convert -size "${CW}x${CH}" tile:"$docs/$n.check.png" -rotate 4 -gravity center -crop "${CW}x${CH}+0+0" +repage \
        \( "$base" -bordercolor white -border 6 -background none -rotate "$turn" \( +clone -background black -shadow 40x6+6+8 \) +swap -background none -layers merge +repage \) \
        -gravity center -compose over -composite +gravity \
        "$docs/$n.cast.png" -compose multiply -composite \
        -background '#8a3a3a' -virtual-pixel background \
        -distort Perspective "0,0 $((CW / 40)),$((CH / 50))  $CW,0 $((CW - CW / 60)),0  0,$CH 0,$((CH - CH / 40))  $CW,$CH $((CW - CW / 30)),$((CH - CH / 45))" \
        \( -size "${CW}x${CH}" xc: -sparse-color Barycentric "0,0 #ffffff $CW,$CH #b8b8b8" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 82 "$f"
      rm -f "$docs/$n.check.png" "$docs/$n.cast.png" ;;
    markup)
      # The patient marked the photo up in the phone's photo editor before
      # sending it, to point at what matters: yellow highlighter strokes
      # across two printed lines (multiplied, so the print under them stays
      # black), a red finger-drawn loop around a third line and a red arrow
      # at it (opaque, wobbly, about a letter's stem wide). The lines are
      # measured on the page (bands of rows holding dark print, not solid
      # bars); which ones, and the wobble, are drawn from SEED and the
      # document. Then the photo: held nearly flat over the page (a slight
      # perspective), light falling off, noise, JPEG 85. Not harsh: a person
      # reads every word under the marks.
      f=$docs/$n.markup.jpg
      local bands=() band nb k t b l r hl=() red=() pw
      convert "$base" -colorspace Gray -threshold 50% -negate "$docs/$n.ink.png"
      # One "top bottom" per band: rows whose share of dark pixels is over
      # 0.4% (print) and under 45% (a filled bar), 10 to 120 px tall.
      mapfile -t bands < <(convert "$docs/$n.ink.png" -resize "1x${H}!" -depth 16 txt:- |
        sed -nE 's/^0,([0-9]+): \(([0-9]+).*/\1 \2/p' |
        awk '{ink = $2 / 65535 > 0.004 && $2 / 65535 < 0.45}
             ink && !inb {top = $1; inb = 1} !ink && inb {if ($1 - top >= 10 && $1 - top <= 120) print top, $1 - 1; inb = 0}')
      nb=${#bands[@]}
      if ((nb < 3)); then echo "heldout: markup: $n: fewer than three lines of print found" >&2; exit 1; fi
      # Three different bands: two highlighted, one looped.
      local picks=() p
      for k in hl1 hl2 loop; do
        p=$(pick "$n markup $k" "$seed" "$nb")
        while [[ " ${picks[*]} " == *" $p "* ]]; do p=$(((p + 1) % nb)); done
        picks+=("$p")
      done
      pw=$((H / 400 + 3))
      for k in 0 1 2; do
        read -r t b <<<"${bands[${picks[$k]}]}"
        # The band's print, left to right (its trimmed width and offset).
        read -r l r <<<"$(convert "$docs/$n.ink.png" -crop "${W}x$((b - t + 1))+0+$t" -trim -format '%X %w' info: | tr -d '+')"
        r=$((l + r))
        local ph1 ph2
        ph1=$(pick "$n markup wobble $k" "$seed" 628); ph2=$(pick "$n markup wob2 $k" "$seed" 628)
        if ((k < 2)); then
          # A highlighter stroke, at most 60% of the page wide, a little wavy.
          ((r - l > W * 6 / 10)) && r=$((l + W * 6 / 10))
          hl+=(-strokewidth "$(((b - t) * 13 / 10 + 4))" -draw "$(awk -v l="$l" -v r="$r" -v y="$(((t + b) / 2))" -v a="$(((b - t) / 8 + 1))" -v p="$ph1" \
            'BEGIN { printf "stroke-linecap round stroke-linejoin round polyline"; for (i = 0; i <= 24; i++) { x = l + (r - l) * i / 24; printf " %.1f,%.1f", x, y + a * sin(i / 3.0 + p / 100) } }')")
        else
          # A loop around the whole line (blunt-ended, as a finger draws round a
          # line of print: a superellipse), not quite closed, overshooting its start;
          # an arrow from below left to the loop's left end.
          red+=(-draw "$(awk -v cx="$(((l + r) / 2))" -v cy="$(((t + b) / 2))" -v rx="$(((r - l) / 2 + (b - t) * 3 / 2))" -v ry="$(((b - t) * 9 / 10 + 6))" -v p="$ph1" -v q="$ph2" \
            'BEGIN { printf "stroke-linecap round stroke-linejoin round polyline"; for (i = 0; i <= 70; i++) { u = 3.35 + 6.75 * i / 70; w = 1 + 0.05 * sin(3 * u + p / 100) + 0.03 * sin(5 * u + q / 100);
                     c = cos(u); s = sin(u); c = (c < 0 ? -1 : 1) * sqrt(c < 0 ? -c : c); s = (s < 0 ? -1 : 1) * sqrt(s < 0 ? -s : s);
                     printf " %.1f,%.1f", cx + (rx + 2 * ry * (w - 1)) * c, cy + ry * w * s + i * 0.025 * ry / 7 } }')")
          local ax=$((l - (b - t) * 5 / 2)) ay=$(((t + b) / 2)) bx by
          ((ax < W / 30)) && ax=$((W / 30))
          bx=$((ax - W / 12)); by=$((ay + H / 14))
          ((bx < 4)) && bx=4
          red+=(-draw "stroke-linecap round stroke-linejoin round polyline $bx,$by $(((bx + ax) / 2 + 3)),$(((by + ay) / 2 + 4)) $ax,$ay"
                -draw "stroke-linecap round stroke-linejoin round polyline $((ax - pw * 5)),$((ay + pw * 1)) $ax,$ay $((ax - pw * 1)),$((ay + pw * 5))")
        fi
      done
      convert "$base" \
        \( -size "${W}x${H}" xc:white -fill none -stroke '#ffe14d' "${hl[@]}" \) -compose multiply -composite \
        \( -size "${W}x${H}" xc:none -fill none -stroke '#e3261c' -strokewidth "$pw" "${red[@]}" \) -compose over -composite \
        -background '#a0a0a0' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 120)),$((H / 150))  $W,0 $((W - W / 150)),0  0,$H 0,$((H - H / 130))  $W,$H $((W - W / 110)),$((H - H / 140))" \
        \( -size "${W}x${H}" xc: -sparse-color Barycentric "0,0 #f2f2f2 $W,$H #c4c4c4" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.2 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.ink.png" ;;
    sleeve)
      # The page kept in a clear plastic sleeve (a punched pocket, a
      # document pouch, a zip bag) and photographed without taking it out
      # (unseen12): the film a little larger than the page, its welded edge
      # and, on the left, the punched strip with its holes; a faint haze of
      # the film over the print; two soft diagonal sheen bands where the
      # room's light reflects off the film (the print under them greyer, not
      # lost); a crease across the film (a bright line beside a faint
      # shadow); then a phone photo: slight perspective, light falling off,
      # noise, JPEG 85. SEED and the document place the sheen and the crease.
      f=$docs/$n.sleeve.jpg
      local M=$(((W < H ? W : H) / 14 + 10)) CW CH SA SB CA CB HOLES="" i
      CW=$((W + 4 * M)) CH=$((H + 3 * M))
      SA=$(($(pick "$n sheen" "$seed" $((CW / 2))) + CW / 8))
      SB=$((SA + CW / 4 + $(pick "$n sheen2" "$seed" $((CW / 4)))))
      CA=$((CH / 6 + $(pick "$n crease" "$seed" $((CH * 2 / 3)))))
      CB=$((CA + $(pick "$n crease tilt" "$seed" $((CH / 3))) - CH / 6))
      for i in 1 2 3 4; do HOLES+="circle $((M + M * 9 / 20)),$((CH * (2 * i - 1) / 8)) $((M + M * 9 / 20 + M / 6)),$((CH * (2 * i - 1) / 8)) "; done
      convert -size "${CW}x${CH}" xc:'#8d8273' -seed "$seed" -attenuate 0.25 +noise Gaussian -blur 0x1 \
        "$base" -geometry "+$((M * 5 / 2))+$((M * 3 / 2))" -compose over -composite \
        -fill 'rgba(250,252,255,0.10)' -draw "rectangle $M,$((M / 2)) $((CW - M / 2)),$((CH - M / 2))" \
        -fill 'rgba(250,252,255,0.22)' -draw "rectangle $M,$((M / 2)) $((M * 2)),$((CH - M / 2))" \
        -fill '#6f6658' -draw "$HOLES" \
        -fill none -stroke 'rgba(255,255,255,0.65)' -strokewidth 3 -draw "rectangle $M,$((M / 2)) $((CW - M / 2)),$((CH - M / 2))" -stroke none \
        \( -size "${CW}x${CH}" xc:black -fill white \
           -draw "polygon $SA,0 $((SA + M * 2)),0 $((SA + M * 2 - CH / 3)),$CH $((SA - CH / 3)),$CH" \
           -draw "polygon $SB,0 $((SB + M)),0 $((SB + M - CH / 3)),$CH $((SB - CH / 3)),$CH" \
           -blur "0x$((M / 2))" -evaluate multiply 0.42 \) -compose screen -composite -compose over \
        -stroke 'rgba(0,0,0,0.22)' -strokewidth 4 -draw "line $M,$((CA + 4)) $((CW - M / 2)),$((CB + 4))" \
        -stroke 'rgba(255,255,255,0.75)' -strokewidth 2 -draw "line $M,$CA $((CW - M / 2)),$CB" -stroke none \
        -background '#8d8273' -virtual-pixel background \
        -distort Perspective "0,0 $((CW / 50)),$((CH / 45))  $CW,0 $((CW - CW / 45)),$((CH / 80))  0,$CH $((CW / 70)),$((CH - CH / 40))  $CW,$CH $((CW - CW / 30)),$((CH - CH / 50))" \
        \( -size "${CW}x${CH}" xc: -sparse-color Barycentric "0,0 #ffffff $CW,$CH #bdbdbd" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.2 +noise Gaussian -quality 85 "$f" ;;
    magnifier)
      # The page seen through the phone's Magnifier (the accessibility app
      # people with low vision read print with) with one of its colour
      # filters on, the frame frozen and saved as the upload (unseen14): the
      # page on a table, held nearly flat (slight perspective), light falling
      # off, sensor noise; then the filter: grey, contrast raised, and the
      # print mapped to a light colour on a dark ground (white on black,
      # yellow on black or white on blue, drawn from SEED and the document),
      # fitted in the phone's 1170x2532 frame (turned for a landscape page) of
      # the ground colour, the app's sharpening, JPEG 85. Not harsh: the filter is there to make print
      # easier to read, and every word stays crisp.
      f=$docs/$n.magnifier.jpg
      local B=$(((W < H ? W : H) / 12 + 10)) W2 H2 fg bg frame=1170x2532
      ((W > H)) && frame=2532x1170
      W2=$((W + 2 * B)) H2=$((H + 2 * B))
      case $(pick "$n magnifier" "$seed" 3) in
        0) fg=white bg=black ;;
        1) fg='#ffe14d' bg=black ;;
        *) fg=white bg='#1c2f8f' ;;
      esac
      convert "$base" -bordercolor '#8f8a80' -border "$B" \
        -background '#8f8a80' -virtual-pixel background \
        -distort Perspective "0,0 $((W2 / 60)),$((H2 / 70))  $W2,0 $((W2 - W2 / 80)),0  0,$H2 0,$((H2 - H2 / 60))  $W2,$H2 $((W2 - W2 / 50)),$((H2 - H2 / 90))" \
        \( -size "${W2}x${H2}" xc: -sparse-color Barycentric "0,0 #ffffff $W2,$H2 #c4c4c4" \) -compose multiply -composite \
        -compose over -seed "$seed" -attenuate 0.2 +noise Gaussian \
        -colorspace Gray -auto-level -level 12%,88% -colorspace sRGB +level-colors "$fg,$bg" \
        -resize "$frame" -background "$bg" -gravity center -extent "$frame" +gravity \
        -unsharp 0x1+0.6+0 -quality 85 "$f" ;;
    vial)
      # The label stuck round a vial or a pen and photographed as it stands
      # (unseen16): the label wrapped round a cylinder whose radius makes it
      # span 2 radians of arc, so its print is foreshortened towards both
      # edges (the ends of its lines narrower and darker) and its lines bow a
      # little, as seen from slightly above; the glass beyond the label's
      # edges, shaded as a cylinder, a bright vertical strip where the glass
      # and the glossy label reflect the room's light (the print under it
      # greyer, not lost), the neck, crimp and flip-off cap above, on a
      # table; then the photo: a little turned, light falling off, noise,
      # JPEG 85. The cap's colour and the turn are drawn from SEED and the
      # document. Not harsh: people read the vials in their fridge so.
      f=$docs/$n.vial.jpg
      local R=$((W / 2)) OW B BW BH HX CW CH NW KW cap tilt
      OW=$(awk -v r="$R" 'BEGIN{printf "%d", 2 * r * sin(1)}')
      B=$((H / 22)) BW=$((R * 2)) BH=$((H * 16 / 10)) HX=$(awk -v r="$R" 'BEGIN{printf "%d", r - r * sin(0.45)}')
      NW=$((BW * 56 / 100)) KW=$((BW * 64 / 100))
      CW=$((BW * 14 / 10)) CH=$((BH + BH * 45 / 100 + H / 2))
      case $(pick "$n vial cap" "$seed" 3) in 0) cap='#2b62c0' ;; 1) cap='#b8322a' ;; *) cap='#d9a21c' ;; esac
      tilt=$(awk "BEGIN{print ($(pick "$n vial turn" "$seed" 41) - 20) / 10}")
      # The label wrapped: output column i shows the label's arc length
      # R*asin(u/R) from its middle, u = i - OW/2; lines rise by B*(1-cos).
      convert -size "${OW}x${H}" xc:white "$base" -virtual-pixel white \
        -fx "aa=asin((i-$((OW / 2)))/$R); v.p{$((W / 2))+$R*aa, j+$B*(1-cos(aa))}" "$docs/$n.wrap.png"
      # The cylinder's shade across its width (light from the front left).
      convert -size "${BW}x1" xc: -fx "aa=asin(max(-1,min(1,(i-$R)/$R))); max(0.18, 0.5+0.5*cos(aa+0.35))" \
        -resize "${BW}x${BH}!" "$docs/$n.shade.png"
      convert -size "${BW}x${BH}" xc:'#e4ebee' \
        "$docs/$n.wrap.png" -geometry "+$((R - OW / 2))+$(((BH - H) / 2))" -compose over -composite \
        "$docs/$n.shade.png" -compose multiply -composite \
        \( -size "${BW}x${BH}" xc:black -fill '#8c8c8c' -draw "rectangle $((HX - BW / 60)),0 $((HX + BW / 60)),$BH" -blur "0x$((BW / 90 + 2))" \) \
        -compose screen -composite \
        \( -size "${BW}x${BH}" xc:black -fill white -draw "roundrectangle 0,0 $((BW - 1)),$((BH - 1)) $((BW / 14)),$((BW / 14))" \) \
        -alpha off -compose copy_opacity -composite "$docs/$n.body.png"
      convert -size "${CW}x${CH}" gradient:'#8f7f6c'-'#5f5243' \
        -fill '#cbd3d6' -draw "roundrectangle $(((CW - NW) / 2)),$((H / 4 + BH * 26 / 100)) $(((CW + NW) / 2)),$((H / 4 + BH * 45 / 100)) 10,10" \
        -fill '#b9bec2' -draw "rectangle $(((CW - KW) / 2)),$((H / 4 + BH * 13 / 100)) $(((CW + KW) / 2)),$((H / 4 + BH * 28 / 100))" \
        -fill "$cap" -draw "roundrectangle $(((CW - KW) / 2 - BW / 50)),$((H / 4)) $(((CW + KW) / 2 + BW / 50)),$((H / 4 + BH * 14 / 100)) 14,14" \
        \( "$docs/$n.body.png" \( +clone -background black -shadow 50x12+18+14 \) +swap -background none -layers merge +repage \) \
        -geometry "+$(((CW - BW) / 2))+$((H / 4 + BH * 44 / 100))" -compose over -composite \
        -background '#5f5243' -rotate "$tilt" +repage -gravity center -extent "${CW}x${CH}" +gravity \
        \( -size "${CW}x${CH}" xc: -sparse-color Barycentric "0,0 #ffffff $CW,$CH #b4b4b4" \) -compose multiply -composite \
        -blur 0x0.5 -seed "$seed" -attenuate 0.2 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.wrap.png" "$docs/$n.shade.png" "$docs/$n.body.png" ;;
    docscan)
      # The phone's own document scanner (the Notes or Files app's "Scan
      # documents", a drive app's scan) used on a printed document of
      # several sheets (unseen15): the browser's print of the page, each
      # sheet at about 150 dpi, its edges found and flattened by the app so
      # what is left is a small keystone and turn, a slight curl shading one
      # side, the "document" filter's whitened paper and raised contrast,
      # softness and noise; all the sheets saved as one PDF of page images
      # with no text layer. The turn, keystone and shaded side of each sheet
      # are drawn from SEED, the document and the page number.
      command -v pdftoppm >/dev/null || { echo "heldout: docscan needs pdftoppm (poppler-utils)" >&2; exit 1; }
      f=$docs/$n.docscan.pdf
      local dd=$docs/$n.docscan.d sheet k=0 turn kx ky side sheets=() flop=()
      rm -rf "$dd" && mkdir -p "$dd"
      chrome --no-pdf-header-footer --print-to-pdf="$dd/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      pdftoppm -r 150 -png "$dd/print.pdf" "$dd/sheet"
      for sheet in "$dd"/sheet-*.png; do
        k=$((k + 1))
        W=$(identify -format %w "$sheet"); H=$(identify -format %h "$sheet")
        turn=$(awk "BEGIN{print ($(pick "$n docscan turn $k" "$seed" 17) - 8) / 10}")
        kx=$(($(pick "$n docscan kx $k" "$seed" 3) + 1)) ky=$(($(pick "$n docscan ky $k" "$seed" 3) + 1))
        side=$(pick "$n docscan side $k" "$seed" 2)
        # The curl's shade: a soft band along the left or right edge.
        # (about 18% darker at the edge, fading out over a fifth of the sheet)
        flop=(); ((side == 0)) && flop=(-flop)
        convert -size "${H}x${W}" gradient:black-white -rotate 90 "${flop[@]}" \
          -evaluate pow 8 +level 0,18% -negate "$dd/shade.png"
        convert "$sheet" -background white -virtual-pixel white \
          -distort Perspective "0,0 $((W * kx / 200)),$((H * ky / 300))  $W,0 $((W - W * ky / 300)),$((H * kx / 400))  0,$H $((W * ky / 400)),$((H - H * kx / 300))  $W,$H $((W - W * kx / 200)),$((H - H * ky / 250))" \
          -rotate "$turn" +repage -gravity center -extent "${W}x${H}" +gravity \
          "$dd/shade.png" -compose multiply -composite \
          -blur 0x0.6 -level 6%,90% -unsharp 0x1+0.6+0 \
          -seed "$((seed + k))" -attenuate 0.15 +noise Gaussian \
          -type TrueColor -units PixelsPerInch -density 150 -quality 72 "$dd/page-$(printf %02d "$k").jpg"
        sheets+=("$dd/page-$(printf %02d "$k").jpg")
      done
      jpegs_to_pdf "$f" 150 "${sheets[@]}"
      rm -rf "$dd" ;;
    screenrec)
      # A frame of the phone's own screen recording saved as the upload
      # (unseen18): the patient recorded the app while scrolling to show it
      # and saved a paused frame. The screen is scaled to the recording's
      # 720 px width with chroma halved, smeared a little along the scroll,
      # then the codec's softening and 8x8 blocking (a low-quality encode),
      # scaled back up to 1080 px wide for display, the red recording pill
      # over the status bar's corner, JPEG 90. The smear and the codec's
      # strength are drawn from SEED and the document. Not harsh: every word
      # stays plain to a person.
      f=$docs/$n.screenrec.jpg
      local smear q RW RH
      smear=$(awk "BEGIN{print 0.6 + $(pick "$n screenrec smear" "$seed" 7) / 10}")
      q=$((24 + $(pick "$n screenrec q" "$seed" 9)))
      convert "$base" -resize 720x -motion-blur "0x${smear}+90" -sampling-factor 2x2 -quality "$q" "$docs/$n.rec.jpg"
      RW=1080 RH=$(($(identify -format %h "$docs/$n.rec.jpg") * 3 / 2))
      convert "$docs/$n.rec.jpg" -resize "${RW}x${RH}!" -blur 0x0.5 \
        -fill '#ff3b30' -draw "roundrectangle 24,10 150,52 21,21" \
        -fill white -font DejaVu-Sans-Bold -pointsize 26 -annotate +52+41 '0:14' \
        -quality 90 "$f"
      rm -f "$docs/$n.rec.jpg" ;;
    livetext)
      # A screenshot of the photo in the phone's Photos app with Live Text on
      # and a line selected, sent instead of the photo (unseen17): the page
      # photographed nearly flat (slight perspective, light falling off,
      # noise); Live Text dims the photo (to 62%) except the boxes of the text
      # it found, which stay bright; one of the first three lines of print
      # (drawn from SEED and the document) is selected: a translucent blue
      # highlight over it (the print under it stays dark) and the two blue
      # selection handles with their knobs; the photo fitted in the app's
      # viewer on a 1170x2532 screenshot (status bar, "Today" and the time, the
      # Live Text button lit on the photo's corner, the toolbar), with the
      # dark Copy / Select All / Look Up / Translate menu above the photo,
      # its arrow pointing at the selection. The lines are measured on the
      # page as for markup. Not harsh: every word stays legible, the dimmed
      # parts included, and nothing covers print.
      f=$docs/$n.livetext.jpg
      local bands=() nb k t b l r lifted=() PW PH PY sx mx X0 X1
      # (the print only: ruled boxes' vertical lines, 60 px or taller, taken out,
      # so a line's box ends where its words do)
      convert "$base" -colorspace Gray -threshold 50% -negate \( +clone -morphology Open Rectangle:1x60 \) \
        -compose MinusSrc -composite "$docs/$n.ink.png"
      mapfile -t bands < <(convert "$docs/$n.ink.png" -resize "1x${H}!" -depth 16 txt:- |
        sed -nE 's/^0,([0-9]+): \(([0-9]+).*/\1 \2/p' |
        awk '{ink = $2 / 65535 > 0.004 && $2 / 65535 < 0.45}
             ink && !inb {top = $1; inb = 1} !ink && inb {if ($1 - top >= 10 && $1 - top <= 120) print top, $1 - 1; inb = 0}')
      nb=${#bands[@]}
      if ((nb < 1)); then echo "heldout: livetext: $n: no line of print found" >&2; exit 1; fi
      # The text Live Text found: each band's print, left to right, padded.
      local bl br bt bb sl sr st sb
      for k in "${!bands[@]}"; do
        read -r bt bb <<<"${bands[$k]}"
        read -r bl br <<<"$(convert "$docs/$n.ink.png" -crop "${W}x$((bb - bt + 1))+0+$bt" -trim -format '%X %w' info: | tr -d '+')"
        lifted+=(-draw "roundrectangle $((bl - 8)),$((bt - 6)) $((bl + br + 8)),$((bb + 6)) 6,6")
      done
      k=$(pick "$n livetext" "$seed" $((nb < 3 ? nb : 3)))
      read -r st sb <<<"${bands[$k]}"
      read -r sl sr <<<"$(convert "$docs/$n.ink.png" -crop "${W}x$((sb - st + 1))+0+$st" -trim -format '%X %w' info: | tr -d '+')"
      sr=$((sl + sr))
      local hw=$((H / 500 + 3)) kr=$(((sb - st) / 5 + 5))
      convert "$base" \
        \( -size "${W}x${H}" xc:'#9e9e9e' -fill white "${lifted[@]}" \) -compose multiply -composite \
        \( -size "${W}x${H}" xc:white -fill '#b3d4ff' -draw "rectangle $((sl - 4)),$((st - 5)) $((sr + 4)),$((sb + 5))" \) -compose multiply -composite \
        -compose over -fill '#0a7aff' \
        -draw "rectangle $((sl - 4 - hw)),$((st - 5)) $((sl - 4)),$((sb + 5))" \
        -draw "circle $((sl - 4 - hw / 2)),$((st - 5 - kr)) $((sl - 4 - hw / 2 + kr)),$((st - 5 - kr))" \
        -draw "rectangle $((sr + 4)),$((st - 5)) $((sr + 4 + hw)),$((sb + 5))" \
        -draw "circle $((sr + 4 + hw / 2)),$((sb + 5 + kr)) $((sr + 4 + hw / 2 + kr)),$((sb + 5 + kr))" \
        -background '#303030' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 110)),$((H / 140))  $W,0 $((W - W / 150)),0  0,$H 0,$((H - H / 120))  $W,$H $((W - W / 100)),$((H - H / 130))" \
        \( -size "${W}x${H}" xc: -sparse-color Barycentric "0,0 #f6f6f6 $W,$H #c8c8c8" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.2 +noise Gaussian -resize 1170x1630 "$docs/$n.lt.png"
      PW=$(identify -format %w "$docs/$n.lt.png"); PH=$(identify -format %h "$docs/$n.lt.png")
      PY=$((560 + (1630 - PH) / 2))
      # The menu above the photo, centred over the selection (clamped to the screen).
      mx=$(((sl + sr) / 2 * PW / W + (1170 - PW) / 2))
      ((mx < 500)) && mx=500; ((mx > 670)) && mx=670
      X0=$((mx - 470)) X1=$((mx + 470))
      convert -size 1170x2532 xc:white \
        -font DejaVu-Sans-Bold -fill '#111111' -pointsize 44 -annotate +80+95 '9:41' \
        -font DejaVu-Sans -pointsize 40 -annotate +890+95 '5G 64%' \
        -fill '#0a7aff' -pointsize 90 -annotate +30+250 '‹' \
        -font DejaVu-Sans-Bold -fill '#111111' -pointsize 44 -gravity north -annotate +0+175 'Today' +gravity \
        -font DejaVu-Sans -fill '#666666' -pointsize 34 -gravity north -annotate +0+232 '14:02' +gravity \
        -font DejaVu-Sans -fill '#0a7aff' -pointsize 42 -annotate +1030+225 'Edit' \
        -fill '#2c2c2e' -draw "roundrectangle $X0,$((PY - 190)) $X1,$((PY - 80)) 24,24" \
        -draw "polygon $((mx - 26)),$((PY - 81)) $((mx + 26)),$((PY - 81)) $mx,$((PY - 50))" \
        -fill white -pointsize 34 -annotate "+$((X0 + 34))+$((PY - 122))" 'Copy    Select All    Look Up    Translate  ›' \
        -fill '#5a5a5e' -draw "rectangle $((X0 + 140)),$((PY - 170)) $((X0 + 141)),$((PY - 100))" \
        "$docs/$n.lt.png" -geometry "+$(((1170 - PW) / 2))+$PY" -compose over -composite \
        -fill '#0a7aff' -draw "roundrectangle $((1170 - 130)),$((PY + PH + 20)) $((1170 - 40)),$((PY + PH + 110)) 18,18" \
        -fill white -draw "rectangle $((1170 - 112)),$((PY + PH + 44)) $((1170 - 58)),$((PY + PH + 50))" \
        -draw "rectangle $((1170 - 112)),$((PY + PH + 62)) $((1170 - 70)),$((PY + PH + 68))" \
        -draw "rectangle $((1170 - 112)),$((PY + PH + 80)) $((1170 - 80)),$((PY + PH + 86))" \
        -fill '#f7f7f7' -draw "rectangle 0,2330 1170,2532" \
        -fill none -stroke '#0a7aff' -strokewidth 5 \
        -draw "roundrectangle 70,2380 130,2450 6,6" -draw "line 100,2360 100,2410" \
        -draw "circle 400,2412 400,2377" -draw "line 400,2400 400,2425" \
        -draw "circle 770,2412 770,2377" \
        -draw "rectangle 1045,2385 1095,2450" -draw "line 1035,2385 1105,2385" -stroke none \
        -quality 88 "$f"
      rm -f "$docs/$n.ink.png" "$docs/$n.lt.png" ;;
    flicker)
      # A phone photo taken under a fluorescent tube or a cheap LED panel
      # (unseen19): the light flickers at twice the mains frequency and the
      # rolling shutter reads the rows at different moments, so soft
      # horizontal bands of light and shade cross the photo (the darkest
      # rows at about 64% of the brightest), each band faintly green or
      # magenta as the tube's phosphors lag; slight perspective, light
      # falling off, noise, JPEG 85. The number of bands (5-9) and their
      # phase are drawn from SEED and the document. Not harsh: the print
      # stays plain in the darker bands.
      f=$docs/$n.flicker.jpg
      local nb ph
      nb=$((5 + $(pick "$n flicker bands" "$seed" 5)))
      ph=$(pick "$n flicker phase" "$seed" 360)
      convert "$base" -background '#8f8f8f' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 45)),$((H / 40))  $W,0 $((W - W / 70)),$((H / 90))  0,$H $((W / 80)),$((H - H / 35))  $W,$H $((W - W / 30)),$((H - H / 45))" \
        \( -size "${W}x${H}" gradient:white-black -colorspace sRGB -type TrueColor \
           -channel RB -function Sinusoid "$nb,$ph,0.18,0.82" \
           -channel G -function Sinusoid "$nb,$((ph + 10)),0.17,0.83" +channel \) -compose multiply -composite \
        \( -size "${W}x${H}" xc: -sparse-color Barycentric "0,0 #ffffff $W,$H #bdbdbd" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f" ;;
    portrait)
      # A photo taken with the camera left in Portrait mode (unseen20): the
      # page lying on a wooden table, shot from a little above. The phone's
      # depth estimate takes the table for background and blurs it strongly
      # (up to sigma 7: the grain and the page's shadow melt), and, as depth
      # estimates do at a subject's edge, feathers that blur into the page's
      # outer margin along two adjacent sides (which two drawn from SEED and
      # the document): a strip 6% of the page deep, blurred at most sigma 1.6
      # at the page's very edge and not at all at its inner side, where the
      # first 40 px are the page's white border. Then the photo: perspective,
      # a soft vignette, noise, JPEG 85. Not harsh: the blur never exceeds a
      # slight softening on print, and every word stays legible.
      f=$docs/$n.portrait.jpg
      local CW=$((W * 13 / 10)) CH=$((H * 13 / 10)) PX=$((W * 15 / 100)) PY=$((H * 15 / 100)) SX=$((W * 6 / 100)) SY=$((H * 6 / 100)) sides
      sides=$(pick "$n portrait" "$seed" 4)
      # The table is blurred as a whole (sigma 7, with the page's shadow);
      # then a blur map over the photo: black on the page, white on the
      # table and, on the two chosen sides, a ramp from white (sigma 1.6) at
      # the page's edge to black SX or SY inside it.
      local ramp=()
      case $sides in
        0) ramp=(\( -size "${H}x${SX}" gradient:white-black -rotate -90 \) -geometry "+${PX}+${PY}" -composite
                 \( -size "${W}x${SY}" gradient:white-black \) -geometry "+${PX}+${PY}" -compose lighten -composite) ;;
        1) ramp=(\( -size "${H}x${SX}" gradient:white-black -rotate 90 \) -geometry "+$((PX + W - SX))+${PY}" -composite
                 \( -size "${W}x${SY}" gradient:white-black \) -geometry "+${PX}+${PY}" -compose lighten -composite) ;;
        2) ramp=(\( -size "${H}x${SX}" gradient:white-black -rotate -90 \) -geometry "+${PX}+${PY}" -composite
                 \( -size "${W}x${SY}" gradient:black-white \) -geometry "+${PX}+$((PY + H - SY))" -compose lighten -composite) ;;
        *) ramp=(\( -size "${H}x${SX}" gradient:white-black -rotate 90 \) -geometry "+$((PX + W - SX))+${PY}" -composite
                 \( -size "${W}x${SY}" gradient:black-white \) -geometry "+${PX}+$((PY + H - SY))" -compose lighten -composite) ;;
      esac
      convert -size "${CW}x${CH}" xc:white -fill black -draw "rectangle $PX,$PY $((PX + W - 1)),$((PY + H - 1))" \
        -compose lighten "${ramp[@]}" "$docs/$n.depth.png"
      convert -size "${CW}x${CH}" xc:'#7a5f45' -seed "$seed" -attenuate 0.8 +noise Gaussian -motion-blur 0x30+3 \
        -fill 'rgba(0,0,0,0.35)' -draw "rectangle $((PX + 8)),$((PY + 12)) $((PX + W + 10)),$((PY + H + 14))" -blur 0x7 \
        "$base" -geometry "+${PX}+${PY}" -compose over -composite \
        "$docs/$n.depth.png" -compose blur -define compose:args=1.6 -composite \
        -background '#5e4a36' -virtual-pixel background \
        -distort Perspective "0,0 $((CW / 40)),$((CH / 45))  $CW,0 $((CW - CW / 55)),$((CH / 90))  0,$CH $((CW / 70)),$((CH - CH / 35))  $CW,$CH $((CW - CW / 30)),$((CH - CH / 50))" \
        \( -size "${CW}x${CH}" radial-gradient:white-'#8c8c8c' \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.2 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.depth.png" ;;
    trifold)
      # A letter taken out of its envelope, unfolded and photographed
      # (unseen21): insurers, benefit managers and pharmacies post their
      # letters folded in three, and the page still bows at the two folds.
      # The panels lean different ways, so one is lit and the other shaded
      # (the middle panel darker, or the outer two, drawn from SEED and the
      # document, by 10-17%), each darker towards the fold it leans into;
      # the middle panel is foreshortened (95% of its height) and sits a
      # few pixels aside of the others; each fold is a crease: a bright
      # ridge beside a thin shadow (about 70%), lying across whatever line
      # of print it falls on. Folds at a third and two thirds of the page,
      # moved up to 2% by SEED. Then a phone photo of it on a table:
      # perspective, light falling off, noise, JPEG 85. Not harsh: the
      # print stays plain; only a crease crosses a line of it.
      f=$docs/$n.trifold.jpg
      local F1 F2 v a dx H2
      F1=$((H / 3 + (($(pick "$n trifold f1" "$seed" 41) - 20) * H / 1000)))
      F2=$((H * 2 / 3 + (($(pick "$n trifold f2" "$seed" 41) - 20) * H / 1000)))
      v=$(pick "$n trifold valley" "$seed" 2)
      a=$((10 + $(pick "$n trifold depth" "$seed" 8)))
      dx=$((2 + $(pick "$n trifold shift" "$seed" 5)))
      convert "$base" \( -clone 0 -crop "${W}x${F1}+0+0" +repage \) \
        \( -clone 0 -crop "${W}x$((F2 - F1))+0+${F1}" +repage -resize "100%x95%" -background white -splice "${dx}x0" -crop "${W}x+0+0" +repage \) \
        \( -clone 0 -crop "${W}x$((H - F2))+0+${F2}" +repage \) -delete 0 -append +repage "$docs/$n.tri.png"
      H2=$(identify -format %h "$docs/$n.tri.png")
      local G1=$F1 G2=$((F1 + (F2 - F1) * 95 / 100))
      # The light across the page, row by row: panel shading (dep is the
      # shaded panels' depth, the lit ones get a quarter of it), then the
      # two creases.
      convert -size "1x${H2}" xc: -fx "dep=$a/100; mid=(j>=$G1 && j<$G2); shd=($v==0 ? mid : 1-mid);
          pos=(j<$G1 ? j/$G1 : (j<$G2 ? (j-$G1)/($G2-$G1) : ($H2-j)/($H2-$G2)));
          lum=(shd ? 1-dep*(0.55+0.45*pos) : 1-dep*0.25*pos);
          da=abs(j-$G1); db=abs(j-$G2);
          (da<2 || db<2) ? 1 : ((j>$G1+1 && j<$G1+5) || (j<$G2-1 && j>$G2-5) ? lum*0.7 : lum)" \
        -scale "${W}x${H2}!" "$docs/$n.trishade.png"
      convert "$docs/$n.tri.png" "$docs/$n.trishade.png" -compose multiply -composite \
        -compose over -bordercolor '#6f6a63' -border "$((W / 14))" \
        -background '#6f6a63' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 40)),$((H2 / 35))  $((W + W / 7)),0 $((W + W / 7 - W / 60)),$((H2 / 70))  0,$((H2 + W / 7)) $((W / 70)),$((H2 + W / 7 - H2 / 40))  $((W + W / 7)),$((H2 + W / 7)) $((W + W / 7 - W / 28)),$((H2 + W / 7 - H2 / 55))" \
        \( +clone -sparse-color Barycentric "0,0 #ffffff %[fx:w],%[fx:h] #b8b8b8" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.tri.png" "$docs/$n.trishade.png" ;;
    quarterfold)
      # A page or slip folded in four to fit a pocket, a purse or a wallet,
      # unfolded and photographed (unseen82): two creases cross near the
      # middle (each placed up to 2% off the middle by SEED and the
      # document, a little askew), each a bright ridge beside a thin shadow
      # (about 70%) lying across whatever print it falls on; the four panels
      # lean slightly different ways, so each is lit a little differently
      # (up to 11% darker, drawn the same way) and darker towards the crease
      # it leans into (up to 7%); the page is not quite flat at the corners:
      # each corner lifted a few pixels out of place (Shepards distortion
      # about the creases, which stay put) and shaded (up to 9%). Then a
      # phone photo of it on a table: perspective, light falling off, noise,
      # JPEG 85. Not harsh: every word stays legible, a crease crosses at
      # most a line of print or a column.
      f=$docs/$n.quarterfold.jpg
      local CX CY k m b0 b1 b2 b3 l0 l1 l2 l3 tx ty mw mh
      CX=$((W / 2 + (($(pick "$n quarterfold cx" "$seed" 41) - 20) * W / 1000)))
      CY=$((H / 2 + (($(pick "$n quarterfold cy" "$seed" 41) - 20) * H / 1000)))
      tx=$(($(pick "$n quarterfold tx" "$seed" 7) - 3)) ty=$(($(pick "$n quarterfold ty" "$seed" 7) - 3))
      for k in 0 1 2 3; do
        printf -v "b$k" '%s' "$(awk "BEGIN{print 1 - $(pick "$n quarterfold panel $k" "$seed" 12) / 100}")"
        printf -v "l$k" '%s' "$(pick "$n quarterfold lean $k" "$seed" 2)"
      done
      # The shade map at a quarter of the size (smooth), then the creases
      # drawn at full size.
      mw=$((W / 4)) mh=$((H / 4))
      convert -size "${mw}x${mh}" xc: -fx "xa=$CX/4; ya=$CY/4; qq=(i>=xa)+2*(j>=ya);
          bb=(qq==0 ? $b0 : (qq==1 ? $b1 : (qq==2 ? $b2 : $b3)));
          ll=(qq==0 ? $l0 : (qq==1 ? $l1 : (qq==2 ? $l2 : $l3)));
          dv=abs(i-xa)/(i<xa ? xa : w-xa); dh=abs(j-ya)/(j<ya ? ya : h-ya);
          gg=(ll ? 1-dh : 1-dv);
          rr=0.2*min(w,h); dd=hypot(min(i,w-i),min(j,h-j)); cc=0.09*max(0,1-dd/rr);
          bb-0.07*gg-cc" -resize "${W}x${H}!" \
        -stroke 'gray(70%)' -strokewidth 3 -fill none \
        -draw "line $((CX + 3 + tx)),0 $((CX + 3 - tx)),$H" -draw "line 0,$((CY + 3 + ty)) $W,$((CY + 3 - ty))" \
        -blur 0x0.6 "$docs/$n.qfshade.png"
      convert -size "${W}x${H}" xc:black -stroke 'gray(62%)' -strokewidth 2 -fill none \
        -draw "line $((CX + tx)),0 $((CX - tx)),$H" -draw "line 0,$((CY + ty)) $W,$((CY - ty))" \
        -blur 0x0.7 "$docs/$n.qfridge.png"
      # Corners lifted: each moved inwards or outwards by up to about 1.2%
      # of the page; the creases' ends and their crossing stay put.
      local -a cp=()
      for k in 0 1 2 3; do
        local px=$(( (k % 2) * W )) py=$(( (k / 2) * H ))
        local ddx=$(( ($(pick "$n quarterfold cdx $k" "$seed" 25) - 12) * W / 1000 ))
        local ddy=$(( ($(pick "$n quarterfold cdy $k" "$seed" 25) - 12) * H / 1000 ))
        cp+=("$px,$py $((px + ddx)),$((py + ddy))")
      done
      convert "$base" "$docs/$n.qfshade.png" -compose multiply -composite \
        "$docs/$n.qfridge.png" -compose screen -composite \
        -background white -virtual-pixel background \
        -distort Shepards "$CX,$CY $CX,$CY  $CX,0 $CX,0  $CX,$H $CX,$H  0,$CY 0,$CY  $W,$CY $W,$CY  ${cp[*]}" \
        -compose over -bordercolor '#7a6f64' -border "$((W / 14))" \
        -background '#7a6f64' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 40)),$((H / 35))  $((W + W / 7)),0 $((W + W / 7 - W / 60)),$((H / 70))  0,$((H + W / 7)) $((W / 70)),$((H + W / 7 - H / 40))  $((W + W / 7)),$((H + W / 7)) $((W + W / 7 - W / 28)),$((H + W / 7 - H / 55))" \
        \( +clone -sparse-color Barycentric "0,0 #ffffff %[fx:w],%[fx:h] #b8b8b8" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.qfshade.png" "$docs/$n.qfridge.png" ;;
    condensation)
      # A cold pen, vial or carton photographed straight out of the fridge
      # (unseen23): warm room air fogs the cold label. A fine film of
      # condensation veils the print (lower contrast, a soft halo), denser
      # towards one edge (the top or the bottom, drawn from SEED and the
      # document); beads of water sit on it (small ones 2-6 px across a
      # radius, a few up to 14 px), each a little lens showing the print
      # under it blurred and brighter, with a dark rim and a bright
      # highlight; then the photo: slight perspective, light falling off,
      # noise, JPEG 85. Where the beads fall is drawn from SEED and the
      # document. Not harsh: the beads cover about 3% of the label and the
      # print under the film stays plain at a glance.
      f=$docs/$n.condensation.jpg
      python3 - "$n" "$seed" "$W" "$H" "$docs/$n.beads.mvg" "$docs/$n.rims.mvg" <<'EOF'
import random, sys
n, seed, W, H = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
r = random.Random(f"{n} condensation {seed}")
beads = []
for _ in range(W * H // 5000):
    beads.append((r.uniform(0, W), r.uniform(0, H), r.uniform(2, 6)))
for _ in range(W * H // 120000 + 2):
    beads.append((r.uniform(0, W), r.uniform(0, H), r.uniform(8, 14)))
with open(sys.argv[5], "w") as m, open(sys.argv[6], "w") as d:
    for x, y, q in beads:
        m.write(f"fill white circle {x:.1f},{y:.1f} {x + q:.1f},{y:.1f}\n")
        d.write(f"fill none stroke rgba(40,55,65,0.45) stroke-width {max(1, q / 5):.1f} "
                f"circle {x:.1f},{y + q * 0.12:.1f} {x + q:.1f},{y + q * 0.12:.1f}\n")
        d.write(f"fill rgba(255,255,255,0.85) stroke none "
                f"circle {x - q * 0.35:.1f},{y - q * 0.35:.1f} {x - q * 0.35 + max(0.8, q / 5):.1f},{y - q * 0.35:.1f}\n")
EOF
      # One -draw per bead (this ImageMagick's policy forbids reading @files).
      local fog beads=() rims=() l
      while IFS= read -r l; do beads+=(-draw "$l"); done <"$docs/$n.beads.mvg"
      while IFS= read -r l; do rims+=(-draw "$l"); done <"$docs/$n.rims.mvg"
      if (($(pick "$n condensation side" "$seed" 2) == 0)); then fog='gradient:#9a9a9a-white'; else fog='gradient:white-#9a9a9a'; fi
      convert "$base" \
        \( +clone \( +clone -blur 0x6 \) -compose blend -define compose:args=30 -composite -fill '#eef3f5' -colorize 24% \) \
        \( -size "${W}x${H}" "$fog" \) -compose over -composite \
        \( +clone -blur 0x2.4 -fill white -colorize 12% \) \
        \( -size "${W}x${H}" xc:black "${beads[@]}" \) -compose over -composite \
        "${rims[@]}" \
        -background '#b9c2c6' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 50)),$((H / 35))  $W,0 $((W - W / 60)),$((H / 80))  0,$H $((W / 70)),$((H - H / 40))  $W,$H $((W - W / 35)),$((H - H / 50))" \
        \( -size "${W}x${H}" xc: -sparse-color Barycentric "0,0 #ffffff $W,$H #b4b4b4" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.22 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.beads.mvg" "$docs/$n.rims.mvg" ;;
    clipboard)
      # The page clipped to a clipboard, as MAR charts, handover sheets and
      # visit notes live in care homes, and photographed at arm's length
      # (unseen22): a hardboard board round the page with its grain and
      # rounded corners, the page's soft shadow on it and its left and
      # right edges a little lifted (shaded), the metal clip and its lever
      # over the page's top edge, the clip's jaw biting only the page's
      # white margin (30 px, less than the page's 40 px border) with its
      # own soft shadow; the board turned a little (up to 1.5 degrees,
      # drawn from SEED and the document) on a blurred room, perspective,
      # scaled to 80% (arm's length), light falling off, noise, JPEG 85.
      # Not harsh: every printed word stays uncovered and plain.
      f=$docs/$n.clipboard.jpg
      local ch=$(((W < H ? W : H) * 7 / 100)) cw=$((W * 34 / 100)) bm=$((W * 6 / 100)) turn
      ((ch < 80)) && ch=80
      ((cw < 240)) && cw=240
      local BW=$((W + 2 * bm)) PY=$((ch + ch / 2 + bm / 2))
      local BH=$((PY + H + bm)) PX=$bm cx0 cx1 cy0 cy1
      cx0=$(((BW - cw) / 2)) cx1=$(((BW + cw) / 2)) cy1=$((PY + 30)) cy0=$((PY + 30 - ch))
      turn=$(($(pick "$n clipboard" "$seed" 31) - 15))
      # The page's lifted edges: a strip 4% of its width on each side, 10%
      # darker at the very edge, fading inwards.
      convert -size "${W}x${H}" xc:white -fill '#e4e4e4' \
        -draw "rectangle 0,0 $((W / 50)),$H" -draw "rectangle $((W - W / 50)),0 $W,$H" \
        -blur "0x$((W / 80 + 2))" "$docs/$n.lift.png"
      convert -size "${BW}x${BH}" xc:'#8d6b4a' -seed "$seed" -attenuate 0.5 +noise Gaussian -motion-blur 0x14+0 \
        -fill 'rgba(0,0,0,0.35)' -draw "rectangle $((PX + 6)),$((PY + 10)) $((PX + W + 8)),$((PY + H + 12))" \
        \( "$base" "$docs/$n.lift.png" -compose multiply -composite \) -geometry "+${PX}+${PY}" -compose over -composite \
        \( -size "${BW}x${BH}" xc:none -fill 'rgba(0,0,0,0.45)' \
           -draw "roundrectangle $((cx0 + 6)),$((cy0 + 14)) $((cx1 + 6)),$((cy1 + 14)) 18,18" -blur 0x8 \) -compose over -composite \
        -fill '#b3b8be' -stroke '#6f747b' -strokewidth 3 -draw "roundrectangle $cx0,$cy0 $cx1,$cy1 18,18" \
        -stroke none -fill '#e3e7eb' -draw "rectangle $((cx0 + 14)),$((cy0 + 8)) $((cx1 - 14)),$((cy0 + 14))" \
        -fill '#5d6168' -draw "circle $((cx0 + 30)),$(((cy0 + cy1) / 2)) $((cx0 + 40)),$(((cy0 + cy1) / 2))" \
        -draw "circle $((cx1 - 30)),$(((cy0 + cy1) / 2)) $((cx1 - 40)),$(((cy0 + cy1) / 2))" \
        -fill '#9da2a9' -stroke '#60656c' -strokewidth 3 \
        -draw "roundrectangle $((cx0 + cw / 5)),$((cy0 - ch / 2)) $((cx1 - cw / 5)),$((cy0 + ch / 3)) 24,24" \
        -stroke none -fill '#3b3b3b' -draw "roundrectangle $((cx0 + cw * 2 / 5)),$((cy0 - ch / 4)) $((cx1 - cw * 2 / 5)),$((cy0 + ch / 10)) 12,12" \
        \( -size "${BW}x${BH}" xc:black -fill white -draw "roundrectangle 0,0 $((BW - 1)),$((BH - 1)) 36,36" \) \
        -alpha off -compose copy_opacity -composite "$docs/$n.board.png"
      local SW=$((BW * 118 / 100)) SH=$((BH * 112 / 100))
      # The room, out of focus: drawn at a quarter size, blurred, scaled up.
      convert -size "$((SW / 4))x$((SH / 4))" xc:'#76828a' -seed "$seed" -attenuate 0.9 +noise Gaussian \
        -fill '#a79c8c' -draw "rectangle 0,$((SH / 6)) $SW,$SH" -blur 0x3 -resize "${SW}x${SH}!" \
        \( "$docs/$n.board.png" -background none -rotate "$(awk "BEGIN{print $turn / 10}")" \
           \( +clone -background black -shadow 50x10+10+14 \) +swap -background none -layers merge +repage \) \
        -gravity center -compose over -composite +gravity \
        -virtual-pixel edge \
        -distort Perspective "0,0 $((SW / 30)),$((SH / 40))  $SW,0 $((SW - SW / 45)),$((SH / 80))  0,$SH $((SW / 60)),$((SH - SH / 30))  $SW,$SH $((SW - SW / 25)),$((SH - SH / 50))" \
        \( -size "${SW}x${SH}" radial-gradient:white-'#a4a4a4' \) -compose multiply -composite \
        -resize 80% -seed "$seed" -attenuate 0.22 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.lift.png" "$docs/$n.board.png" ;;
    ultrawide)
      # A close-up taken on the phone's ultra-wide (0.5x) camera (unseen24):
      # phones switch to it to focus close (macro), or the patient zoomed out
      # to fit a long page in while standing over it. Its wide lens bends the
      # page: barrel distortion (straight lines bow outwards, strongest near
      # the frame's edges; the strength drawn from SEED and the document),
      # red and blue a pixel or two apart towards the corners (lateral
      # chromatic aberration), the corners softer than the middle, the
      # vignette of a small lens; the page a little turned (up to 1.5
      # degrees) on a table with its shadow, filling most of the frame; noise
      # and the phone's sharpening, JPEG 85. Not harsh: every word stays
      # legible; only the lines of print near the edges are curved.
      f=$docs/$n.ultrawide.jpg
      local CW=$((W * 11 / 10 + 40)) CH=$((H * 11 / 10 + 40)) bc turn
      bc=$(awk "BEGIN{print 0.05 + $(pick "$n ultrawide" "$seed" 5) / 100}")
      turn=$(awk "BEGIN{print ($(pick "$n ultrawide turn" "$seed" 31) - 15) / 10}")
      convert -size "${CW}x${CH}" xc:'#a08f7a' -seed "$seed" -attenuate 0.5 +noise Gaussian -blur 0x1.5 \
        \( "$base" -background none -rotate "$turn" \( +clone -background black -shadow 40x6+5+7 \) +swap -background none -layers merge +repage \) \
        -gravity center -compose over -composite +gravity \
        -background '#a08f7a' -virtual-pixel background -distort Barrel "0.0 0.0 $bc $(awk "BEGIN{print 1 - $bc}")" "$docs/$n.uw.png"
      convert "$docs/$n.uw.png" \
        \( -clone 0 -channel R -separate +channel -virtual-pixel edge -distort SRT 1.0012,0 \) \
        \( -clone 0 -channel G -separate +channel \) \
        \( -clone 0 -channel B -separate +channel -virtual-pixel edge -distort SRT 0.9988,0 \) \
        -delete 0 -set colorspace sRGB -combine "$docs/$n.uw2.png"
      convert "$docs/$n.uw2.png" \( -size "${CW}x${CH}" radial-gradient:black-white -level 55%,100% \) \
        -compose blur -define compose:args=1.8 -composite \
        \( -size "${CW}x${CH}" radial-gradient:white-'#9c9c9c' \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.22 +noise Gaussian -unsharp 0x1+0.5+0 -quality 85 "$f"
      rm -f "$docs/$n.uw.png" "$docs/$n.uw2.png" ;;
    flash)
      # A photo taken with the phone's LED flash on (unseen25), as patients
      # do at a kitchen table in the evening or when the camera forces it in
      # a dim room: the flash is a small lamp right beside the lens, so the
      # light falls off fast from the spot the phone points at (the page's
      # corners about half as bright), the room beyond the page is dark, and
      # the flash's reflection off the paper is a bright hot spot where the
      # print is lifted to grey (at most about 45% of the way to white, never
      # lost); the light is a little cold (blue). The hot spot's place and the
      # turn (up to 1.5 degrees) are drawn from SEED and the document; then
      # slight perspective, the phone's sharpening, a little noise, JPEG 85.
      # Not harsh: every word stays legible, in the hot spot as a grey.
      f=$docs/$n.flash.jpg
      local hx hy hr turn M CW=$((W * 21 / 20 + 60)) CH=$((H * 21 / 20 + 60))
      hx=$((W * (35 + $(pick "$n flash x" "$seed" 31)) / 100))
      hy=$((H * (30 + $(pick "$n flash y" "$seed" 41)) / 100))
      M=$((W < H ? W : H)); hr=$((M / 5))
      turn=$(awk "BEGIN{print ($(pick "$n flash turn" "$seed" 31) - 15) / 10}")
      convert "$base" \
        \( -size "$((2 * hr))x$((2 * hr))" radial-gradient:'#737373'-black \) -geometry "+$((hx - hr))+$((hy - hr))" -compose screen -composite \
        \( -size "$((2 * W))x$((2 * H))" radial-gradient:white-'#4a4a4a' -crop "${W}x${H}+$((W - hx))+$((H - hy))" +repage \) -compose multiply -composite \
        -channel R -evaluate multiply 0.96 -channel B -evaluate multiply 1.04 +channel "$docs/$n.fl.png"
      convert -size "${CW}x${CH}" xc:'#2b2622' -seed "$seed" -attenuate 0.6 +noise Gaussian -blur 0x2 \
        \( "$docs/$n.fl.png" -background none -rotate "$turn" \) -gravity center -compose over -composite +gravity \
        -background '#2b2622' -virtual-pixel background \
        -distort Perspective "0,0 $((CW / 40)),$((CH / 45))  $CW,0 $((CW - CW / 60)),0  0,$CH 0,$CH  $CW,$CH $((CW - CW / 30)),$((CH - CH / 50))" \
        -seed "$seed" -attenuate 0.15 +noise Gaussian -unsharp 0x1+0.6+0 -quality 85 "$f"
      rm -f "$docs/$n.fl.png" ;;
    tungsten)
      # A photo taken at night in a hotel room under its warm tungsten
      # bedside and ceiling bulbs, no daylight (unseen26): the phone's auto
      # white balance corrects only part of the 2700 K light, so the whole
      # photo keeps a strong orange cast (the white paper cream-orange, blue
      # at 36-48% of red, green at about 72%, drawn from SEED and the
      # document); the lamp stands off one corner of the page (which one
      # drawn the same way), so the light falls off across it to about 55%
      # at the far corner; the page a little turned and in perspective on
      # the room's dark wood desk, a little soft, noise a little stronger
      # (the sensor's gain in dim light), JPEG 85. Not harsh: the print stays
      # black on a warm page and plain to a person; only its colour and its
      # light change.
      f=$docs/$n.tungsten.jpg
      local LX=0 LY=0 blue
      case $(pick "$n tungsten" "$seed" 4) in 1) LX=$W ;; 2) LY=$H ;; 3) LX=$W LY=$H ;; esac
      blue=$(awk "BEGIN{print 0.36 + $(pick "$n tungsten blue" "$seed" 13) / 100}")
      convert "$base" -background '#3b2a1c' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 35)),$((H / 30))  $W,0 $((W - W / 45)),$((H / 70))  0,$H $((W / 55)),$((H - H / 35))  $W,$H $((W - W / 28)),$((H - H / 45))" \
        \( -size "${W}x${H}" xc: -sparse-color Barycentric "$LX,$LY #ffffff $((W - LX)),$((H - LY)) #8c8c8c" \) -compose multiply -composite \
        -channel G -evaluate multiply 0.72 -channel B -evaluate multiply "$blue" +channel \
        -blur 0x0.6 -seed "$seed" -attenuate 0.4 +noise Gaussian -quality 85 "$f" ;;
    thermalfade)
      # A thermal till receipt kept a while in a wallet, a bag or a car's
      # door pocket (unseen28), then photographed lying on the dark fabric
      # of a car seat: thermal print fades unevenly where it was warmed or
      # rubbed, so the print is black in places and grey in others (a smooth
      # field drawn from SEED and the document; the most faded print about
      # 55% of the way to white, never gone), the paper yellowed a little;
      # its two long edges curl up as thermal paper does, so the print near
      # them is foreshortened (the edge seen about 3% of the width further
      # in) and shaded (one side more, drawn the same way); the receipt a
      # little turned (up to 2 degrees), its soft shadow on the seat, slight
      # perspective, light falling off, noise, JPEG 85. Not harsh: a person reads every line,
      # the faded ones as grey.
      f=$docs/$n.thermalfade.jpg
      local C=$((W * 8 / 100)) fs turn sl sr CW=$((W * 13 / 10)) CH=$((H * 11 / 10))
      fs=$(($(pick "$n thermalfade" "$seed" 100000) + seed))
      turn=$(awk "BEGIN{print ($(pick "$n thermalfade turn" "$seed" 41) - 20) / 10}")
      if (($(pick "$n thermalfade side" "$seed" 2))); then sl=0.34 sr=0.18; else sl=0.18 sr=0.34; fi
      # The fade: screen the page with a grey field (0 = unfaded, 0.55 = the
      # print lifted 55% of the way to white); paper stays paper.
      convert -size "$((W / 40 + 2))x$((H / 40 + 2))" -seed "$fs" plasma:grey50-grey50 -colorspace gray \
        -blur 0x3 -auto-level -level 10%,90% -resize "${W}x${H}!" +level 0%,55% "$docs/$n.fade.png"
      # The curl, as one row computed per column and stretched down the page:
      # a displacement that samples further out near each long edge, and a
      # shade that darkens towards it.
      convert -size "${W}x1" xc: -fx "qq=i<$C ? ($C-i)/$C : (i>w-1-$C ? (i-(w-1-$C))/$C : 0); i<$C ? 0.5-0.5*qq*qq : 0.5+0.5*qq*qq" \
        -scale "${W}x${H}!" "$docs/$n.curlx.png"
      convert -size "${W}x1" xc: -fx "ql=i<$C ? ($C-i)/$C : 0; qr=i>w-1-$C ? (i-(w-1-$C))/$C : 0; 1-$sl*ql*ql-$sr*qr*qr" \
        -scale "${W}x${H}!" "$docs/$n.curls.png"
      convert "$base" "$docs/$n.fade.png" -compose screen -composite \
        \( -size "${W}x${H}" xc:'#f6f0de' \) -compose multiply -composite \
        "$docs/$n.curls.png" -compose multiply -composite -alpha set \
        "$docs/$n.curlx.png" -background none -virtual-pixel transparent \
        -define compose:args="$((C / 2))x0" -compose displace -composite "$docs/$n.tf.png"
      convert -size "${CW}x${CH}" xc:'#2c2d31' -seed "$seed" -attenuate 1.2 +noise Gaussian -blur 0x0.7 \
        -fill '#1c1d20' -draw "rectangle $((CW * 3 / 4)),0 $((CW * 3 / 4 + 10)),$CH" \
        \( "$docs/$n.tf.png" -background none -rotate "$turn" \( +clone -background black -shadow 60x8+6+9 \) +swap -background none -layers merge +repage \) \
        -gravity center -compose over -composite +gravity \
        -background '#202124' -virtual-pixel background \
        -distort Perspective "0,0 $((CW / 40)),$((CH / 50))  $CW,0 $((CW - CW / 50)),0  0,$CH 0,$((CH - CH / 40))  $CW,$CH $((CW - CW / 30)),$((CH - CH / 60))" \
        \( -size "${CW}x${CH}" radial-gradient:white-'#9a9a9a' \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.fade.png" "$docs/$n.curlx.png" "$docs/$n.curls.png" "$docs/$n.tf.png" ;;
    stitched)
      # A long scrolling screenshot stitched by the phone (unseen29): the
      # "scroll capture" / "capture more" of a chat, an inbox or an app page
      # longer than the screen. The phone joins one screen after another where
      # the rows are blank, and apps whose header bar stays on top (sticky)
      # get it captured again at every join: the top of the page (status bar
      # and title, down to the first blank band of rows) repeated under each
      # join with a faint shadow beneath it. Joins fall about one and a half screen-widths
      # apart, moved by up to a tenth of that by SEED and the document, always
      # in the middle of a band of blank rows (rows of one colour from edge to
      # edge, measured on the page: the mean edge strength of each row), so
      # no line of print, bubble or card is cut or covered. The result scaled
      # to the phone's 1080 px width, JPEG 90 with chroma halved, as phones
      # save long captures. Not harsh: every word is whole and plain.
      f=$docs/$n.stitched.jpg
      local CWD=$((W - 80)) jitter plan
      jitter=$(( $(pick "$n stitch" "$seed" 21) - 10 ))
      plan=$(convert "$base" -colorspace Gray -morphology Edge Diamond:1 -scale "1x${H}!" -depth 16 txt:- |
        awk -F'[,:() ]+' -v H="$H" -v CW="$CWD" -v jit="$jitter" '
          NR > 1 { blank[$2] = ($4 + 0 < 4) }
          function run_at(y, g,  k) { for (k = 0; k < g; k++) if (!blank[y + k]) return 0; return 1 }
          END {
            # A blank row is one of a single colour from edge to edge (no
            # print, no side of a bubble): a join needs a band of them at least
            # CW/40 high, and falls in its middle. The header: from the top of
            # the print to the first such band below 12% of a screen width.
            g = int(CW / 40); top = 40; hend = 0
            for (y = top + int(CW * 0.12); y < top + int(CW * 0.45) && !hend; y++)
              if (run_at(y, g)) hend = y + 2
            if (!hend) { print "none"; exit }
            printf "%d", hend
            step = int(1.5 * CW) + int(CW * jit / 100); prev = hend
            for (t = hend + step; t < H - 40 - CW / 3; t = cut + step) {
              cut = 0
              for (y = t; y < t + step / 2 && y < H - 60; y++) if (run_at(y, g)) { cut = y + int(g / 2); break }
              if (!cut) { cut = t; continue }
              printf " %d", cut
            }
            print ""
          }')
      if [[ $plan == none || $plan != *" "* ]]; then
        # No header or no join found: one screen's worth, as saved.
        convert "$base" -resize '1080x' -sampling-factor 2x2 -quality 90 "$f"
      else
        local hend cuts parts=() y0=0 c
        read -r hend cuts <<<"$plan"
        for c in $cuts; do
          # The screen so far, the header bar again (from the top of the
          # print, below the white border), and its soft shadow: blank rows
          # under the header darkened by a fading grey.
          parts+=(\( "$base" -crop "${W}x$((c - y0))+0+$y0" +repage \)
            \( "$base" -crop "${W}x$((hend - 40))+0+40" +repage \)
            \( "$base" -crop "${W}x10+0+$hend" +repage \( -size "${W}x10" gradient:'#bdbdbd'-'#ffffff' \) -compose multiply -composite \))
          y0=$c
        done
        convert "${parts[@]}" \( "$base" -crop "${W}x$((H - y0))+0+$y0" +repage \) -append +repage \
          -resize '1080x' -sampling-factor 2x2 -quality 90 "$f"
      fi ;;
    burst)
      # A frame from a burst taken while the hand was still moving (unseen27):
      # patients hold the shutter down or take the first shot as they bring
      # the phone up, and send the frame that shows the page. The hand's
      # movement during the exposure smears the print along one direction
      # (motion blur, sigma 1.4-2.2 px at the page's own scale, its angle
      # drawn from SEED and the document); the hand jerked once, so a faint
      # second image of the page (12% of the frame, 4-8 px along the same
      # direction) lies under the first; the page a little turned (up to 1.5
      # degrees) on a table with its shadow, slight perspective, light
      # falling off, noise, JPEG 85. Not harsh: strokes widen and soften but
      # every word stays legible at a glance.
      f=$docs/$n.burst.jpg
      local ang sig gd gx gy turn CW=$((W * 21 / 20 + 60)) CH=$((H * 21 / 20 + 60))
      ang=$(pick "$n burst angle" "$seed" 180)
      sig=$(awk "BEGIN{print 1.4 + $(pick "$n burst sigma" "$seed" 9) / 10}")
      gd=$((4 + $(pick "$n burst ghost" "$seed" 5)))
      gx=$(awk "BEGIN{printf \"%+d\", $gd * cos($ang * 3.14159265 / 180)}")
      gy=$(awk "BEGIN{printf \"%+d\", $gd * sin($ang * 3.14159265 / 180)}")
      turn=$(awk "BEGIN{print ($(pick "$n burst turn" "$seed" 31) - 15) / 10}")
      convert "$base" \( +clone -alpha set -channel A -evaluate set 12% +channel \) \
        -geometry "$gx$gy" -compose over -composite "$docs/$n.bu.png"
      convert -size "${CW}x${CH}" xc:'#9a8e80' -seed "$seed" -attenuate 0.5 +noise Gaussian -blur 0x1.5 \
        \( "$docs/$n.bu.png" -background none -rotate "$turn" \( +clone -background black -shadow 40x6+5+7 \) +swap -background none -layers merge +repage \) \
        -gravity center -compose over -composite +gravity \
        -motion-blur "0x$sig+$ang" \
        -background '#9a8e80' -virtual-pixel background \
        -distort Perspective "0,0 $((CW / 45)),$((CH / 50))  $CW,0 $((CW - CW / 55)),$((CH / 90))  0,$CH $((CW / 70)),$((CH - CH / 45))  $CW,$CH $((CW - CW / 35)),$((CH - CH / 60))" \
        \( -size "${CW}x${CH}" radial-gradient:white-'#a8a8a8' \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.2 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.bu.png" ;;
    carbon)
      # The carbon copy (NCR) of a form filled in by hand, the copy the
      # patient kept (unseen31): pharmacies' delivery receipts, receipt books
      # and delivery notes come in carbonless sets, the top sheet leaves with
      # the pharmacy and the patient keeps the tinted copy underneath. The
      # form's own printing is on the copy sheet itself and stays crisp (a
      # dark blue-black ink); what was written by hand (blue pen on the page,
      # told from its colour: blue well above red) reached the copy only by
      # the pen's pressure, so it is violet, softer and wider than the
      # stroke (the pressure spreads), and uneven: heavier where the hand
      # pressed, fainter elsewhere (a patchy density 45-85%, its pattern
      # drawn from SEED and the document). The copy's tint (yellow, pink or
      # blue) is drawn the same way; a faint smudge of transfer where the
      # hand rested. Then a phone photo of the copy on a desk: turned up to
      # 1 degree, slight perspective, light falling off, noise, JPEG 85.
      # Not harsh: the writing is paler than the ink, but a person reads it
      # at a glance, as they read every carbon copy.
      f=$docs/$n.carbon.jpg
      local paper turn CW=$((W * 21 / 20 + 60)) CH=$((H * 21 / 20 + 60))
      case $(pick "$n carbon paper" "$seed" 3) in 0) paper='#f5eaa6' ;; 1) paper='#f7dbe0' ;; *) paper='#dbe9f4' ;; esac
      turn=$(awk "BEGIN{print ($(pick "$n carbon turn" "$seed" 21) - 10) / 10}")
      convert "$base" -channel B -separate +channel "$docs/$n.cb.png"
      convert "$base" -channel R -separate +channel "$docs/$n.cr.png"
      # Pen: blue minus red, so black print and red stamps are not pen.
      convert "$docs/$n.cb.png" "$docs/$n.cr.png" -compose minus_src -composite -level 10%,35% "$docs/$n.pen.png"
      # The printed form: everything dark that is not pen.
      convert "$base" -colorspace Gray -negate "$docs/$n.pen.png" -compose minus_src -composite "$docs/$n.pre.png"
      # The transfer: the pen's strokes widened and softened by pressure,
      # times a patchy density, plus a faint smudge.
      convert "$docs/$n.pen.png" -morphology Dilate Disk:1 -blur 0x1.1 \
        \( -size "$((W / 24 + 2))x$((H / 24 + 2))" -seed "$(pick "$n carbon density" "$seed" 100000)" plasma:grey45-grey85 -colorspace Gray -blur 0x1.5 -resize "${W}x${H}!" \) \
        -compose multiply -composite \
        \( -size "$((W / 3))x$((H / 5))" radial-gradient:'#141414'-black -resize "${W}x${H}!" \) -compose screen -composite "$docs/$n.cm.png"
      convert -size "${W}x${H}" xc:"$paper" -seed "$seed" -attenuate 0.06 +noise Gaussian \
        \( -size "${W}x${H}" xc:'#252a3a' \) "$docs/$n.pre.png" -compose over -composite \
        \( -size "${W}x${H}" xc:'#4a3a9c' \) "$docs/$n.cm.png" -compose over -composite "$docs/$n.nc.png"
      convert -size "${CW}x${CH}" xc:'#6f665b' -seed "$seed" -attenuate 0.5 +noise Gaussian -blur 0x1.5 \
        \( "$docs/$n.nc.png" -background none -rotate "$turn" \( +clone -background black -shadow 35x5+4+6 \) +swap -background none -layers merge +repage \) \
        -gravity center -compose over -composite +gravity \
        -background '#6f665b' -virtual-pixel background \
        -distort Perspective "0,0 $((CW / 50)),$((CH / 45))  $CW,0 $((CW - CW / 60)),$((CH / 80))  0,$CH $((CW / 80)),$((CH - CH / 50))  $CW,$CH $((CW - CW / 40)),$((CH - CH / 60))" \
        \( -size "${CW}x${CH}" radial-gradient:white-'#b0b0b0' \) -compose multiply -composite \
        -blur 0x0.5 -seed "$seed" -attenuate 0.2 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.cb.png" "$docs/$n.cr.png" "$docs/$n.pen.png" "$docs/$n.pre.png" "$docs/$n.cm.png" "$docs/$n.nc.png" ;;
    feeder)
      # The printed document put through an office copier's automatic
      # document feeder and scanned to e-mail as one PDF of page images
      # (unseen30): each sheet grey at 200 dpi with its own slight skew (up
      # to 0.7 degrees, drawn from SEED, the document and the sheet), the
      # second sheet fed upside down (turned to read and put back so), and
      # the dust on the feeder's glass drawing one thin grey streak down
      # every sheet at the same place (in the scanner's frame, so across
      # the print wherever it falls; its place drawn from SEED and the
      # document). Not harsh: a person turns the page and reads past the
      # streak.
      command -v pdftoppm >/dev/null || { echo "heldout: feeder needs pdftoppm (poppler-utils)" >&2; exit 1; }
      f=$docs/$n.feeder.pdf
      local fd=$docs/$n.feeder.d sheet k=0 skew flip sx sheets=()
      rm -rf "$fd" && mkdir -p "$fd"
      chrome --no-pdf-header-footer --print-to-pdf="$fd/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      pdftoppm -r 200 -gray "$fd/print.pdf" "$fd/sheet"
      for sheet in "$fd"/sheet-*.pgm; do
        k=$((k + 1))
        W=$(identify -format %w "$sheet"); H=$(identify -format %h "$sheet")
        skew=$(awk "BEGIN{print ($(pick "$n feeder skew $k" "$seed" 15) - 7) / 10}")
        flip=0; ((k == 2)) && flip=180
        sx=$((W * (18 + $(pick "$n feeder streak" "$seed" 64)) / 100))
        convert "$sheet" -rotate "$flip" -background white -rotate "$skew" +repage \
          -gravity center -extent "${W}x${H}" +gravity \
          -fill '#9c9c9c' -draw "rectangle $sx,0 $((sx + 1)),$H" \
          -blur 0x0.5 -level 4%,94% -seed "$((seed + k))" -attenuate 0.12 +noise Gaussian \
          -colorspace Gray -units PixelsPerInch -density 200 -quality 80 "$fd/page-$(printf %02d "$k").jpg"
        sheets+=("$fd/page-$(printf %02d "$k").jpg")
      done
      jpegs_to_pdf "$f" 200 "${sheets[@]}"
      rm -rf "$fd" ;;
    scale150)
      # A desktop screenshot taken on a laptop whose display is set to 150%
      # scaling (Windows' recommended setting on most laptops), sent through
      # a messaging app (unseen34): the page drawn half as large again, with
      # the subpixel (ClearType) colour fringes of text smoothing (the red
      # channel one pixel to the left, the blue one to the right, so every
      # stroke has a red and a blue edge), then the app's downscale to 1280
      # px on the long side with a plain bilinear filter, chroma halved
      # (4:2:0), JPEG quality 68-76 (drawn from SEED and the document).
      # Not harsh: the print stays 12 px or more and plain to a person.
      f=$docs/$n.scale150.jpg
      local q=$((68 + $(pick "$n scale150" "$seed" 9)))
      convert "$base" -resize 150% \
        \( -clone 0 -channel R -separate +channel -roll -1+0 \) \
        \( -clone 0 -channel G -separate +channel \) \
        \( -clone 0 -channel B -separate +channel -roll +1+0 \) \
        -delete 0 -set colorspace sRGB -combine \
        -filter Triangle -resize 1280x1280 +filter \
        -sampling-factor 4:2:0 -strip -quality "$q" "$f" ;;
    modaldim)
      # A phone screenshot taken while a system dialog was open over the
      # page (unseen120): a low-battery warning, a software update prompt or
      # a browser's "Allow notifications?" box came up as the patient
      # screenshotted the page, so the upload is a 1170x2532 screen with the
      # status bar (the time, signal and battery, no date) and the page
      # fitted to the screen's width under it (to the height left where a
      # long page would not fit; a page wider than tall on the phone turned
      # landscape, 2532x1170, fitted to its height, no status bar), the
      # whole screen behind the dialog dimmed
      # by its overlay to about half its brightness (45-55% towards black),
      # and the dialog itself, an alert card (810 px wide, rounded, light
      # grey, a bold title, two or three lines of message, a hairline and
      # its two buttons in blue), drawn undimmed over a band of the page
      # that holds none of the case's fields. Where the band lies the page
      # says (`<meta name="heldout-modaldim" content="Y0 Y1">`, its top and
      # foot as fractions of the page's height; a band reaching the page's
      # foot, shallower than the dialog, runs on below the page as far as
      # the dialog needs), else 0.40-0.60; the dialog's
      # place in the band, which dialog (its wording), the dim, the time and
      # the battery drawn from SEED and the document. Lossless PNG, as a
      # screenshot is. Not harsh: dark print on a grey page, every field
      # legible to a person around the dialog.
      f=$docs/$n.modaldim.png
      local spec y0 y1 md kind dim clock batt title msg b1 b2 PW PH SW SH top sy0 sy1 DH dy
      md=$docs/$n.md
      spec=$(sed -n 's/.*name="heldout-modaldim" content="\([^"]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      read -r y0 y1 <<<"${spec:-0.40 0.60}"
      kind=$(pick "$n modaldim kind" "$seed" 3)
      dim=$((45 + $(pick "$n modaldim dim" "$seed" 11)))
      clock=$((7 + $(pick "$n modaldim hour" "$seed" 15))):$(printf %02d "$(pick "$n modaldim minute" "$seed" 60)")
      case $kind in
        0) batt=$((10 + 10 * $(pick "$n modaldim batt" "$seed" 2)))
           title="Low Battery"; msg="${batt}% battery remaining. Turn on Low Power Mode to reduce background activity."; b1="Close"; b2="Low Power Mode" ;;
        1) batt=$((35 + $(pick "$n modaldim batt" "$seed" 50)))
           title="Software Update"; msg="A new software update is available. Install it now or later tonight while your phone charges?"; b1="Later"; b2="Install Now" ;;
        *) batt=$((35 + $(pick "$n modaldim batt" "$seed" 50)))
           title="Allow notifications?"; msg="This website would like to send you notifications. You can change this in Settings at any time."; b1="Don't Allow"; b2="Allow" ;;
      esac
      # The page fitted under the status bar (140 px), above the home bar;
      # a page wider than tall on the phone turned landscape (2532x1170,
      # the status bar hidden as phones hide it there), fitted to its height.
      if ((W > H)); then
        SW=2532 SH=1170 top=30
        convert "$base" -resize 2400x1110 "$md-page.png"
        PW=$(identify -format %w "$md-page.png"); PH=$(identify -format %h "$md-page.png")
        convert -size 2532x1170 xc:white "$md-page.png" -geometry "+$(((2532 - PW) / 2))+$top" -compose over -composite \
          -fill '#111111' -draw "roundrectangle 1031,1150 1501,1160 5,5" \
          -fill black -colorize "$dim%" "$md-dim.png"
      else
        SW=1170 SH=2532 top=140
        convert "$base" -resize 1170x2352 "$md-page.png"
        PW=$(identify -format %w "$md-page.png"); PH=$(identify -format %h "$md-page.png")
        convert -size 1170x2532 xc:white "$md-page.png" -geometry "+$(((1170 - PW) / 2))+$top" -compose over -composite \
          -font DejaVu-Sans-Bold -fill '#111111' -pointsize 44 -annotate +80+92 "$clock" \
          -font DejaVu-Sans -pointsize 38 -annotate +800+90 "5G" \
          -fill none -stroke '#111111' -strokewidth 3 -draw "roundrectangle 900,62 1010,100 10,10" -stroke none \
          -fill "$( ((batt <= 20)) && echo '#e0302a' || echo '#111111')" -draw "rectangle 906,68 $((906 + 98 * batt / 100)),94" \
          -fill '#111111' -draw "roundrectangle 1014,74 1022,88 3,3" \
          -draw "roundrectangle 400,2500 770,2512 6,6" \
          -fill black -colorize "$dim%" "$md-dim.png"
      fi
      # The dialog: title, message, a hairline, two buttons.
      convert -background '#f2f2f2' -fill '#000000' -font DejaVu-Sans-Bold -pointsize 46 -gravity center -size 720x caption:"$title" \
        \( -size 720x18 xc:'#f2f2f2' \) \
        \( -background '#f2f2f2' -fill '#1c1c1e' -font DejaVu-Sans -pointsize 36 -gravity center -size 720x caption:"$msg" \) \
        -append -bordercolor '#f2f2f2' -border 45x50 "$md-body.png"
      convert -size 404x132 xc:'#f2f2f2' -font DejaVu-Sans -pointsize 40 -fill '#0a7aff' -gravity center -annotate +0+0 "$b1" "$md-b1.png"
      convert -size 404x132 xc:'#f2f2f2' -font DejaVu-Sans-Bold -pointsize 40 -fill '#0a7aff' -gravity center -annotate +0+0 "$b2" "$md-b2.png"
      convert "$md-b1.png" -size 2x132 xc:'#c6c6c8' "$md-b2.png" +append "$md-btn.png"
      convert "$md-body.png" -size 810x2 xc:'#c6c6c8' "$md-btn.png" -append "$md-card.png"
      DH=$(identify -format %h "$md-card.png")
      convert "$md-card.png" -alpha set \( -size "810x$DH" xc:black -fill white -draw "roundrectangle 0,0 809,$((DH - 1)) 42,42" \) \
        -alpha off -compose copy_opacity -composite -compose over "$md-card2.png"
      sy0=$(awk -v t="$top" -v h="$PH" -v y="$y0" 'BEGIN{printf "%d", t + h * y}')
      sy1=$(awk -v t="$top" -v h="$PH" -v y="$y1" 'BEGIN{printf "%d", t + h * y}')
      # A band reaching the page's foot runs on below it only as far as the
      # dialog needs, so the dialog always lies over the page.
      if awk -v y="$y1" 'BEGIN{exit !(y >= 0.999)}' && ((sy1 - sy0 < DH)); then
        sy1=$((sy0 + DH)); ((sy1 > SH - 62)) && sy1=$((SH - 62))
      fi
      if ((sy1 - sy0 >= DH)); then dy=$((sy0 + (sy1 - sy0 - DH) * $(pick "$n modaldim y" "$seed" 101) / 100))
      else dy=$((sy0 + (sy1 - sy0 - DH) / 2)); echo "heldout: $s $n modaldim: the band ($((sy1 - sy0)) px) is shallower than the dialog ($DH px)" >&2; fi
      convert "$md-dim.png" "$md-card2.png" -geometry "+$(((SW - 810) / 2))+$dy" -compose over -composite "$f"
      rm -f "$md"-* ;;
    screenshare)
      # A screenshot of a video call in which the document was shared on
      # screen (unseen117): the patient showed the page to a clinician, a
      # pharmacist or a relative by sharing their screen in a call (or was
      # shown it), and screenshotted the call as the upload. A 2560x1440
      # desktop screenshot of the call's window (dark): across the top the
      # presenter bar ("You are viewing NAME's screen", a first name or a
      # room drawn from SEED and the document, "Stop viewing" and the
      # call's timer, no date); the shared screen in the stage (the page in
      # the sharer's viewer, a thin grey window frame, fitted in 2040x1220
      # px, never enlarged); on the right a column of three participant
      # tiles (initials, a first name or "You", a muted microphone); along
      # the foot the call's controls (Unmute, Stop video, Share, Chat,
      # React and the red Leave button). The shared picture is what the
      # call's video sent: scaled down to 78-88% and back up (softened),
      # chroma halved and 8x8 blocking (JPEG quality 52-64 standing in for
      # the stream's bitrate); the interface drawn over it crisp; the
      # theme's accent, the names, the scale and the quality drawn from
      # SEED and the document; the screenshot JPEG 90. Not harsh: every
      # field stays legible to a person, a little soft.
      f=$docs/$n.screenshare.jpg
      local who other acc sc q PW PH PX PY
      case $(pick "$n screenshare who" "$seed" 4) in
        0) who=Alex other=Priya ;; 1) who=Sam other=Jordan ;; 2) who='Consult room 3' other=Chris ;; *) who=Robin other=Dee ;;
      esac
      case $(pick "$n screenshare theme" "$seed" 3) in
        0) acc='#1a73e8' ;; 1) acc='#6264a7' ;; *) acc='#0b8043' ;;
      esac
      sc=$((78 + $(pick "$n screenshare scale" "$seed" 11)))
      q=$((52 + $(pick "$n screenshare q" "$seed" 13)))
      # The sharer's viewer: the page on a grey ground in a thin window frame.
      convert "$base" -resize '2000x1180>' -bordercolor '#5f6368' -border 2 \
        -gravity north -background '#5f6368' -splice 0x26 +gravity \
        -fill '#e8eaed' -font DejaVu-Sans -pointsize 15 -annotate +12+19 "$n - Viewer" "$docs/$n.ss-win.png"
      PW=$(identify -format %w "$docs/$n.ss-win.png"); PH=$(identify -format %h "$docs/$n.ss-win.png")
      # The stage as the video sent it: scaled down and up, blocky.
      convert -size 2060x1236 xc:'#3c4043' "$docs/$n.ss-win.png" -gravity center -compose over -composite +gravity \
        -filter Triangle -resize "$sc%" -resize '2060x1236!' +filter \
        -sampling-factor 4:2:0 -quality "$q" "$docs/$n.ss-stage.jpg"
      PX=24 PY=92
      convert -size 2560x1440 xc:'#202124' \
        "$docs/$n.ss-stage.jpg" -geometry "+$PX+$PY" -compose over -composite \
        -fill '#2d2e31' -draw "rectangle 0,0 2560,76" \
        -fill "$acc" -draw "roundrectangle 24,16 760,62 23,23" \
        -fill white -font DejaVu-Sans-Bold -pointsize 26 -annotate +58+48 "You are viewing $who's screen" \
        -fill '#3c4043' -draw "roundrectangle 790,16 1010,62 23,23" \
        -fill '#e8eaed' -font DejaVu-Sans -pointsize 24 -annotate +818+48 'Stop viewing' \
        -fill '#ea4335' -draw "circle 2210,39 2220,39" -fill '#e8eaed' -annotate +2234+48 '00:14:32' \
        -fill '#e8eaed' -annotate +2372+48 'Clinic call' \
        -fill '#3c4043' -draw "roundrectangle 2108,92 2536,342 14,14" -draw "roundrectangle 2108,358 2536,608 14,14" -draw "roundrectangle 2108,624 2536,874 14,14" \
        -fill "$acc" -draw "circle 2322,200 2322,252" -fill '#a142f4' -draw "circle 2322,466 2322,518" -fill '#e37400' -draw "circle 2322,732 2322,784" \
        -fill white -font DejaVu-Sans-Bold -pointsize 40 -annotate +2292+215 "${who:0:1}" -annotate +2294+481 'Y' -annotate +2294+747 "${other:0:1}" \
        -font DejaVu-Sans -pointsize 24 -annotate +2124+330 "$who (presenting)" -annotate +2124+596 'You' -annotate +2124+862 "$other" \
        -fill '#ea4335' -draw "circle 2510,320 2510,334" -draw "circle 2510,586 2510,600" -draw "circle 2510,852 2510,866" \
        -fill '#2d2e31' -draw "rectangle 0,1340 2560,1440" \
        -fill '#ea4335' -draw "circle 900,1378 900,1406" -fill '#3c4043' -draw "circle 1000,1378 1000,1406" -draw "circle 1100,1378 1100,1406" -draw "circle 1200,1378 1200,1406" -draw "circle 1300,1378 1300,1406" \
        -fill white -draw "roundrectangle 893,1362 907,1386 7,7" -stroke white -strokewidth 3 -draw "line 884,1396 916,1360" -stroke none \
        -draw "rectangle 986,1368 1008,1388" -draw "polygon 1008,1378 1018,1370 1018,1386" \
        -draw "polygon 1100,1362 1088,1378 1112,1378" -draw "rectangle 1096,1376 1104,1394" \
        -draw "roundrectangle 1186,1366 1214,1388 5,5" -draw "circle 1300,1378 1300,1390" \
        -fill '#ea4335' -draw "roundrectangle 1400,1354 1600,1402 24,24" \
        -fill white -font DejaVu-Sans-Bold -pointsize 24 -annotate +1458+1387 'Leave' \
        -fill '#bdc1c6' -font DejaVu-Sans -pointsize 18 -annotate +866+1430 'Unmute' -annotate +960+1430 'Stop video' -annotate +1074+1430 'Share' -annotate +1176+1430 'Chat' -annotate +1272+1430 'React' \
        -quality 90 "$f"
      rm -f "$docs/$n".ss-* ;;
    notifbanner)
      # A screenshot of the page open on the phone, taken just as a
      # notification dropped in (unseen35): the patient opened the photo or
      # the PDF in the phone's viewer to send it and screenshotted it, and a
      # message from someone else arrived at that moment. The page fitted
      # under the viewer's title bar (its "Done", a file name and the share
      # button) on a 1170x2532 screen (a phone's 3x screen); over the status
      # bar and the title bar, the banner: a rounded, nearly opaque light
      # card with the app's icon and name, "now", a sender and two lines of
      # a message (which app, sender and message drawn from SEED and the
      # document), all of them in no role of the document's: a first name
      # only, no date, no medicine. The banner ends above the page, so no
      # print is covered. JPEG 90. Not harsh: the page is as legible as on
      # the screen itself.
      f=$docs/$n.notifbanner.jpg
      local app icon who msg1 msg2 fname PW PH PX PY
      case $(pick "$n notifbanner app" "$seed" 2) in
        0) app=MESSAGES icon='#34c759' ;;
        *) app=WHATSAPP icon='#25d366' ;;
      esac
      case $(pick "$n notifbanner who" "$seed" 4) in
        0) who=Gran msg1='Are you still coming round on Sunday?' msg2='Bring the big dish if you can x' ;;
        1) who='Sam (work)' msg1='Can you cover the 3pm call? Running' msg2='late from the site visit, sorry' ;;
        2) who=Mum msg1='Did you get my voicemail? Ring me' msg2='when you are home, nothing urgent' ;;
        *) who='Book club' msg1='Chapter 12 for next week, no' msg2='spoilers please! Who is hosting?' ;;
      esac
      fname="IMG_$((4000 + $(pick "$n notifbanner file" "$seed" 5000)))"
      convert "$base" -resize 1130x2150 "$docs/$n.nb.png"
      PW=$(identify -format %w "$docs/$n.nb.png"); PH=$(identify -format %h "$docs/$n.nb.png")
      PX=$(((1170 - PW) / 2)) PY=$((360 + (2150 - PH) / 2))
      convert -size 1170x2532 xc:'#f2f2f7' \
        -fill '#f9f9f9' -draw "rectangle 0,0 1170,340" -fill '#c8c8cc' -draw "rectangle 0,339 1170,341" \
        -font DejaVu-Sans-Bold -fill '#111111' -pointsize 44 -annotate +80+95 '9:41' \
        -font DejaVu-Sans -pointsize 40 -annotate +890+95 '5G 58%' \
        -fill '#0a7aff' -pointsize 46 -annotate +40+285 'Done' \
        -font DejaVu-Sans-Bold -fill '#111111' -pointsize 42 -annotate +470+285 "$fname" \
        -fill '#0a7aff' -draw "rectangle 1070,238 1076,290" -draw "polygon 1073,226 1056,248 1090,248" \
        "$docs/$n.nb.png" -geometry "+$PX+$PY" -compose over -composite \
        \( -size 1122x280 xc:none -fill '#00000030' -draw "roundrectangle 4,10 1118,276 46,46" -blur 0x8 \) -geometry +24+44 -compose over -composite \
        -fill '#ececefF0' -draw "roundrectangle 24,40 1146,318 44,44" \
        -fill "$icon" -draw "roundrectangle 60,80 150,170 22,22" -fill white -draw "ellipse 105,122 28,22 0,360" \
        -font DejaVu-Sans -fill '#6c6c70' -pointsize 30 -annotate +180+112 "$app" -annotate +1040+112 'now' \
        -font DejaVu-Sans-Bold -fill '#111111' -pointsize 38 -annotate +180+172 "$who" \
        -font DejaVu-Sans -pointsize 35 -annotate +180+228 "$msg1" -annotate +180+278 "$msg2" \
        -quality 90 "$f"
      rm -f "$docs/$n.nb.png" ;;
    cornercurl)
      # The page lying on a table with one corner curling up towards the
      # camera (unseen33): a label peeled half off, a receipt or a slip that
      # was rolled or folded in a bag springs up at a corner when laid down,
      # and the patient photographs it from above without flattening it. The
      # lifted corner is nearer the lens, so what is printed there is drawn
      # larger and pushed outward, bending the lines that run into it (the
      # page beyond a fold line across the corner, 20-27% of the width and
      # 28-39% of the height, moved out by up to a fifth of that); the curl
      # faces away from the light, so it is shaded (about a fifth darker,
      # softly, deepest at the tip), and it casts a soft shadow on the table.
      # Which corner (bottom right, bottom left or top right) and how far it
      # curls are drawn from SEED and the document. Then the page a little
      # turned (up to 1 degree), slight perspective, light falling off,
      # noise, JPEG 85. Not harsh: the print in the curl is bent and greyer,
      # not lost; a person reads it at a glance.
      f=$docs/$n.cornercurl.jpg
      local corner fx fy dx dy pad flips turn CW CH
      corner=$(pick "$n cornercurl corner" "$seed" 3)
      case $corner in 0) flips="" ;; 1) flips="-flop" ;; *) flips="-flip" ;; esac
      fx=$((W * (20 + $(pick "$n cornercurl fx" "$seed" 8)) / 100))
      fy=$((H * (28 + $(pick "$n cornercurl fy" "$seed" 12)) / 100))
      dx=$((fx / 5)) dy=$((fy / 5)) pad=$(((fx > fy ? fx : fy) / 4 + 30))
      turn=$(awk "BEGIN{print ($(pick "$n cornercurl turn" "$seed" 21) - 10) / 10}")
      # How far a point lies past the fold, s (0 on the fold, 1 at the
      # corner): what is printed there is drawn s*s of the way out, so the
      # lines bend smoothly into the curl. A displacement map, computed at an
      # eighth of the size and scaled up (smooth), moves the print.
      local PW=$((W + 2 * pad)) PH=$((H + 2 * pad)) A=$((dx > dy ? dx * 2 : dy * 2)) sx
      sx="min(1,max(0,(i*8-$pad-($W-$fx))/$fx+(j*8-$pad-($H-$fy))/$fy-1))"
      convert -size "$((PW / 8 + 1))x$((PH / 8 + 1))" xc:gray50 \
        \( +clone -fx "0.5-$sx*$sx*$dx/(2*$A)" \) \( +clone -fx "0.5-$sx*$sx*$dy/(2*$A)" \) \( +clone -fx 0.5 \) \
        -delete 0 -combine -filter Triangle -resize "${PW}x${PH}!" "$docs/$n.ccmap.png"
      # Shade the curl (the triangle beyond the fold, softened), in the
      # frame where the curling corner is the bottom right one; then move it.
      convert "$base" $flips \
        \( -size "${W}x${H}" xc:white -fill '#c4c4c4' -draw "polygon $((W - fx)),$H $W,$((H - fy)) $W,$H" \
           -fill '#b0b0b0' -draw "polygon $((W - fx / 3)),$H $W,$((H - fy / 3)) $W,$H" -blur 0x$((fx / 14 + 2)) \) \
        -compose multiply -composite \
        -alpha set -bordercolor none -compose copy -border "$pad" \
        "$docs/$n.ccmap.png" -define compose:args="${A}x${A}" -compose displace -composite \
        $flips +repage "$docs/$n.cc.png"
      CW=$((W * 23 / 20 + 80)) CH=$((H * 23 / 20 + 80))
      convert -size "${CW}x${CH}" xc:'#8d7b67' -seed "$seed" -attenuate 0.5 +noise Gaussian -blur 0x1.5 \
        \( "$docs/$n.cc.png" -background none -rotate "$turn" \( +clone -background black -shadow 55x9+7+9 \) +swap -background none -layers merge +repage \) \
        -gravity center -compose over -composite +gravity \
        -background '#8d7b67' -virtual-pixel background \
        -distort Perspective "0,0 $((CW / 50)),$((CH / 60))  $CW,0 $((CW - CW / 70)),$((CH / 90))  0,$CH $((CW / 90)),$((CH - CH / 55))  $CW,$CH $((CW - CW / 40)),$((CH - CH / 70))" \
        \( -size "${CW}x${CH}" radial-gradient:white-'#a9a9a9' \) -compose multiply -composite \
        -blur 0x0.5 -seed "$seed" -attenuate 0.2 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.cc.png" "$docs/$n.ccmap.png" ;;
    smudge)
      # A photo taken through a greasy lens (unseen32): a fingerprint on the
      # phone's camera glass, as a phone carried in a pocket has. The smear
      # scatters the light of the white page into a streaky haze over a patch
      # of the photo (about half of it, its place and the streaks' direction
      # drawn from SEED and the document): there the print is softer, lower
      # in contrast (black lifted about halfway to white in the smear's
      # brightest streaks) and haloed; outside it the photo is plain. Slight
      # perspective, light falling off, noise, JPEG 85. Not harsh: the print
      # stays readable under the haze.
      f=$docs/$n.smudge.jpg
      local ang cx cy R sw=$((W / 10)) sh=$((H / 10))
      ang=$(($(pick "$n smudge angle" "$seed" 180)))
      cx=$((W * (25 + $(pick "$n smudge x" "$seed" 51)) / 100))
      cy=$((H * (25 + $(pick "$n smudge y" "$seed" 51)) / 100))
      R=$(((W > H ? W : H) * 45 / 100))
      # The smear: blotchy streaks (noise smeared along one direction) under
      # a soft round patch, at most 0.7 opaque.
      convert -size "${sw}x${sh}" xc:gray50 -seed "$((seed + $(pick "$n smudge noise" "$seed" 1000)))" -attenuate 1 +noise Random \
        -colorspace Gray -blur 0x1.2 -motion-blur "0x6+$ang" -auto-level -level 10%,75% \
        -resize "${W}x${H}!" "$docs/$n.streak.png"
      convert -size "${W}x${H}" xc:black -fill white -draw "circle $cx,$cy $((cx + R * 6 / 10)),$cy" -blur "0x$((R / 5))" \
        "$docs/$n.streak.png" -compose multiply -composite +level 0%,70% "$docs/$n.mask.png"
      convert "$base" -background '#8f8f8f' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 50)),$((H / 45))  $W,0 $((W - W / 60)),$((H / 80))  0,$H $((W / 70)),$((H - H / 40))  $W,$H $((W - W / 35)),$((H - H / 50))" \
        "$docs/$n.sharp.png"
      convert "$docs/$n.sharp.png" \
        \( +clone -blur "0x$((W / 150 + 4))" +level 45%,100% \( "$docs/$n.mask.png" -colorspace Gray \) -alpha off -compose CopyOpacity -composite \) \
        -compose over -composite \
        \( -size "${W}x${H}" xc: -sparse-color Barycentric "0,0 #ffffff $W,$H #c2c2c2" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.streak.png" "$docs/$n.mask.png" "$docs/$n.sharp.png" ;;
    pullrefresh)
      # A screenshot taken as the app's list was being pulled down to refresh
      # (unseen38): patients drag a pharmacy app's or messages' history down
      # to check for the newest fill and screenshot mid-gesture. The page is
      # pushed down by 7-12% of its height, the gap above it the app's pale
      # grey, and the refresh spinner (a white disc with a soft shadow and a
      # grey three-quarter arc, its turn drawn from SEED) sits in the gap
      # with its lower part over the top of the page; the page is not cut.
      # A lossless PNG, as a screenshot is. Not harsh: nothing of the print
      # is hidden but what lies under the spinner's lower edge at the top.
      f=$docs/$n.pullrefresh.png
      local D R cx cy a0
      D=$((H * (7 + $(pick "$n pullrefresh gap" "$seed" 6)) / 100))
      R=$((W / 16)) cx=$((W / 2)) cy=$((D - W / 64))
      a0=$((30 * $(pick "$n pullrefresh turn" "$seed" 12)))
      convert -size "${W}x$((H + D))" xc:'#efeff1' "$base" -geometry "+0+$D" -compose over -composite \
        \( -size "${W}x$((H + D))" xc:none -fill 'rgba(0,0,0,0.35)' -draw "circle $cx,$((cy + 4)) $((cx + R)),$((cy + 4))" -blur 0x6 \) -compose over -composite \
        -fill white -stroke none -draw "circle $cx,$cy $((cx + R)),$cy" \
        -fill none -stroke '#6b6b70' -strokewidth $((R / 5 + 1)) \
        -draw "arc $((cx - R * 3 / 5)),$((cy - R * 3 / 5)) $((cx + R * 3 / 5)),$((cy + R * 3 / 5)) $a0,$((a0 + 270))" "$f" ;;
    editfilter)
      # A phone photo put through one of the Photos editor's filters before
      # sending (unseen36), as patients do to make a picture "look nicer":
      # the page photographed nearly flat (slight perspective, light falling
      # off, noise), then one filter drawn from SEED and the document: a warm
      # one (reds up, blues down to 82%, saturation raised by 30%, a little
      # more contrast), black and white (grey, contrast raised), a faded
      # vintage one (blacks lifted to 22% grey, whites held at 95%, a brown
      # tint over it, a soft vignette) or a cool dramatic one (blue up, red
      # down to 88%, midtones darkened, contrast raised); JPEG 88. Not harsh:
      # the print stays plain to a person under every filter.
      f=$docs/$n.editfilter.jpg
      local look=()
      case $(pick "$n editfilter" "$seed" 4) in
        0) look=(-channel R -evaluate multiply 1.06 -channel B -evaluate multiply 0.82 +channel -modulate 100,130 -sigmoidal-contrast 3,50%) ;;
        1) look=(-colorspace Gray -sigmoidal-contrast 4,50%) ;;
        2) look=(+level 22%,95% -fill '#b08040' -colorize 12% \( -size "${W}x${H}" radial-gradient:white-'#b4b4b4' \) -compose multiply -composite) ;;
        *) look=(-channel B -evaluate multiply 1.08 -channel R -evaluate multiply 0.88 +channel -gamma 0.85 -sigmoidal-contrast 3,50%) ;;
      esac
      convert "$base" -background '#8f8f8f' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 50)),$((H / 45))  $W,0 $((W - W / 60)),$((H / 80))  0,$H $((W / 70)),$((H - H / 40))  $W,$H $((W - W / 35)),$((H - H / 50))" \
        \( -size "${W}x${H}" xc: -sparse-color Barycentric "0,0 #ffffff $W,$H #c8c8c8" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.2 +noise Gaussian "${look[@]}" -quality 88 "$f" ;;
    foldangle)
      # A label bent along a fold and photographed so one part faces the
      # camera and the other is turned away (unseen37): a flag label folded
      # round a pen, its two halves stuck back to back and standing out from
      # the barrel at an angle to the lens; a label stuck across a carton's
      # corner, on two faces; a label or slip bent over an edge. The page
      # is folded along a vertical line (at 45-55% of its width) and one
      # side of it (left or right) is turned away about the fold: its print
      # foreshortened across (it keeps 55-75% of its width), its far edge a
      # little shorter than the fold (6-10% from top and bottom, as the far
      # side of a turned card is), and shaded (the light falls on it
      # slantwise: about 12% darker at the fold, 25% at its far edge); a
      # soft crease line where the two meet. Which side, where the fold is
      # and how far it turns are drawn from SEED and the document. Then on a
      # table, the label's soft shadow, slight perspective, light falling
      # off, noise, JPEG 85. Not harsh: the turned half's print is narrower
      # and greyer, every word stays legible at a glance.
      f=$docs/$n.foldangle.jpg
      local side fx keep dy RW RN flips CW CH
      side=$(pick "$n foldangle side" "$seed" 2)
      flips=""; [[ $side == 1 ]] && flips="-flop"
      fx=$((W * (45 + $(pick "$n foldangle fold" "$seed" 11)) / 100))
      keep=$((55 + $(pick "$n foldangle keep" "$seed" 21)))
      RW=$((W - fx)) RN=$(((W - fx) * keep / 100))
      dy=$((H * (6 + $(pick "$n foldangle dy" "$seed" 5)) / 100))
      # In the frame where the turned side is the right one: the near part
      # as it is, the turned part squeezed into RN columns, its far edge
      # dy shorter at top and bottom, shaded towards that edge.
      convert "$base" $flips -crop "${RW}x${H}+${fx}+0" +repage \
        \( -size "${H}x${RW}" gradient:'#e0e0e0'-'#bfbfbf' -rotate -90 \) -compose multiply -composite \
        -alpha set -background none -virtual-pixel transparent \
        -distort Perspective "0,0 0,0  $RW,0 $RN,$dy  0,$H 0,$H  $RW,$H $RN,$((H - dy))" \
        -crop "${RN}x${H}+0+0" +repage "$docs/$n.fa-far.png"
      convert "$base" $flips -crop "${fx}x${H}+0+0" +repage -alpha set "$docs/$n.fa-far.png" \
        -background none +append \
        \( -size "$((fx + RN))x${H}" xc:none -stroke 'rgba(60,60,60,0.55)' -strokewidth 3 -draw "line $fx,$dy $fx,$((H - dy))" -blur 0x1.5 \) \
        -compose over -composite $flips +repage "$docs/$n.fa.png"
      CW=$(((fx + RN) * 11 / 10 + 60)) CH=$((H * 11 / 10 + 60))
      convert -size "${CW}x${CH}" xc:'#9c8f7e' -seed "$seed" -attenuate 0.4 +noise Gaussian -blur 0x1.5 \
        \( "$docs/$n.fa.png" \( +clone -background black -shadow 50x8+6+8 \) +swap -background none -layers merge +repage \) \
        -gravity center -compose over -composite +gravity \
        -background '#9c8f7e' -virtual-pixel background \
        -distort Perspective "0,0 $((CW / 60)),$((CH / 50))  $CW,0 $((CW - CW / 80)),$((CH / 90))  0,$CH $((CW / 90)),$((CH - CH / 60))  $CW,$CH $((CW - CW / 45)),$((CH - CH / 70))" \
        \( -size "${CW}x${CH}" radial-gradient:white-'#b0b0b0' \) -compose multiply -composite \
        -blur 0x0.5 -seed "$seed" -attenuate 0.2 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.fa-far.png" "$docs/$n.fa.png" ;;
    backlit)
      # A label on a pharmacy's paper bag (or a slip, a receipt) held up
      # against a bright window to photograph it (unseen39), as patients do
      # when the room is dim: the daylight behind the paper shows the print
      # on its other side through it, mirrored and diffused by the paper (the
      # bag's own printing: a pharmacy's name and its "keep out of reach"
      # lines, faintly tinted, at most about a fifth darker than the paper,
      # its place and tint drawn from SEED and the document); the bright
      # window round the paper makes the camera's lens veil the whole frame
      # (the print's black lifted to about a quarter grey) and the paper's
      # edges glow into the window; the window frame's bars are dark beyond
      # the paper; the paper held turned up to 2 degrees (from SEED and the
      # document), slight perspective, noise, JPEG 85. Not harsh: the
      # label's own print stays black-grey and plain; the show-through is a
      # pale mirrored shadow behind it.
      f=$docs/$n.backlit.jpg
      local tint bx by turn CW=$((W * 23 / 20 + 80)) CH=$((H * 23 / 20 + 80)) ps
      tint=$(case $(pick "$n backlit tint" "$seed" 3) in 0) echo '#1d4f9c' ;; 1) echo '#b0283a' ;; *) echo '#2f7a3e' ;; esac)
      bx=$(($(pick "$n backlit x" "$seed" 21) - 10)); by=$(($(pick "$n backlit y" "$seed" 21) - 10))
      turn=$(awk "BEGIN{print ($(pick "$n backlit turn" "$seed" 41) - 20) / 10}")
      ps=$((H / 7)); ((ps > W / 14)) && ps=$((W / 14))
      convert -size "${W}x${H}" xc:white -font DejaVu-Sans-Bold -fill "$tint" -gravity center \
        -pointsize "$((ps * 3 / 2))" -annotate "+$((W * bx / 100))+$((H * by / 100 - ps * 2))" 'HILLCREST PHARMACY' \
        -pointsize "$ps" -annotate "+$((W * bx / 100))+$((H * by / 100))" 'Your medicines - keep out of reach of children' \
        -annotate "+$((W * bx / 100))+$((H * by / 100 + ps * 2))" 'Please read the leaflet inside' \
        -flop -blur 0x3 +level 80%,100% "$docs/$n.bk.png"
      convert "$base" -alpha off "$docs/$n.bk.png" -compose multiply -composite +level 24%,100% -evaluate multiply 0.9 -alpha off "$docs/$n.bl.png"
      convert -size "${CW}x${CH}" gradient:'#f4f8fc'-'#dfe9f4' \
        -fill '#4a4f57' -draw "rectangle $((CW * 7 / 100)),0 $((CW * 7 / 100 + 26)),$CH" \
        -draw "rectangle 0,$((CH * 88 / 100)) $CW,$((CH * 88 / 100 + 22))" \
        \( "$docs/$n.bl.png" -background none -rotate "$turn" \) -gravity center -compose over -composite +gravity \
        \( +clone -blur 0x18 \) -compose blend -define compose:args=22 -composite \
        -background '#eef3f9' -virtual-pixel background \
        -distort Perspective "0,0 $((CW / 50)),$((CH / 40))  $CW,0 $((CW - CW / 40)),$((CH / 60))  0,$CH 0,$((CH - CH / 70))  $CW,$CH $((CW - CW / 35)),$CH" \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.bk.png" "$docs/$n.bl.png" ;;
    nightmode)
      # A phone photo taken in a dim room with the camera's Night mode
      # (unseen40): the phone holds the shutter open for a second or two
      # and merges the frames; the hand drifts, so a fainter second image of
      # the print lies 2-5 px from the first (at about a quarter of its
      # strength; the drift's direction and length drawn from SEED and the
      # document) where the merge failed to align it; the noise reduction
      # smooths the paper into soft blotches and the phone sharpens again
      # after it (a light halo round the strokes); the exposure is lifted so
      # the page looks lit, the blacks stay a little grey (about 12%) and the
      # colours are washed out with a faint warm cast; slight perspective on a
      # dark desk, light falling off towards the corners, JPEG 82. Not harsh:
      # the print stays dark and legible, the ghost is pale.
      f=$docs/$n.nightmode.jpg
      local gx gy
      gx=$(($(pick "$n nightmode x" "$seed" 7) - 3)); gy=$((2 + $(pick "$n nightmode y" "$seed" 4)))
      (($(pick "$n nightmode sign" "$seed" 2))) && gy=$((-gy))
      convert "$base" \( +clone -background white -virtual-pixel white -distort Affine "0,0 $gx,$gy" \) \
        -compose blend -define compose:args=26 -composite \
        -background '#2a2622' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 55)),$((H / 45))  $W,0 $((W - W / 60)),$((H / 70))  0,$H $((W / 70)),$((H - H / 50))  $W,$H $((W - W / 40)),$((H - H / 60))" \
        -seed "$seed" -attenuate 0.55 +noise Gaussian -blur 0x1.1 -unsharp 0x1.4+1.1+0.02 \
        \( -size "${W}x${H}" radial-gradient:white-'#9a9a9a' \) -compose multiply -composite \
        +level 12%,97% -modulate 104,72,100 -fill '#ffcf8a' -colorize 6% -quality 82 "$f" ;;
    blinds)
      # The page on a table by a window with venetian blinds, photographed
      # with the low sun coming through the slats (unseen42), as patients do
      # at the kitchen table: hard-edged diagonal stripes of warm sunlight
      # and cool shadow across the whole page (the paper in the shadow bands
      # at about 57% of the sunlit paper, slightly blue; the sunlit bands
      # warm, never clipped; the stripes' edges softened by the slats'
      # penumbra, about 3 px). The stripes' angle (15-35 degrees), their
      # number (9-14 across the page's diagonal) and their phase are drawn
      # from SEED and the document; slight perspective, light falling off,
      # noise, JPEG 85. Not harsh: the print stays black and plain in both
      # bands; only the paper's tone changes.
      f=$docs/$n.blinds.jpg
      local D ang nb ph
      D=$(awk "BEGIN{print int(sqrt($W * $W + $H * $H)) + 8}")
      ang=$((15 + $(pick "$n blinds angle" "$seed" 21)))
      nb=$((9 + $(pick "$n blinds bands" "$seed" 6)))
      ph=$(pick "$n blinds phase" "$seed" 360)
      convert -size "${D}x${D}" gradient:white-black \
        -function Sinusoid "$nb,$ph,0.5,0.5" -sigmoidal-contrast 14,58% -blur 0x3 \
        -distort SRT "$ang" -gravity center -crop "${W}x${H}+0+0" +repage +gravity \
        -colorspace sRGB -type TrueColor +level-colors '#8b919f','#fffaf0' "$docs/$n.slats.png"
      convert "$base" -background '#8c7b6a' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 50)),$((H / 45))  $W,0 $((W - W / 60)),$((H / 80))  0,$H $((W / 70)),$((H - H / 40))  $W,$H $((W - W / 35)),$((H - H / 50))" \
        "$docs/$n.slats.png" -compose multiply -composite \
        \( -size "${W}x${H}" xc: -sparse-color Barycentric "0,0 #ffffff $W,$H #c4c4c4" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.slats.png" ;;
    tiltblur)
      # A phone photo taken with the phone tilted back (unseen41), as people
      # do to keep their own shadow off a page on a table or to get a long
      # label in frame from where they sit: the page's far edge is further
      # from the lens than its near edge, so the camera, focused on the near
      # part, leaves the far part out of focus (the depth of field is short
      # at a page's distance). The blur grows from none over the near 40-55%
      # of the page to its most at the far edge (a Gaussian of 1.6-2.4 px at
      # the page's scale), the far edge narrower than the near one (keystone:
      # 84-90% of its width) and a little shorter, light falling off towards
      # it, the page on a grey table, noise, JPEG 85. Which edge is far (top
      # mostly, or a side), where the sharp part ends and how strong the blur
      # is are drawn from SEED and the document. Not harsh: the far lines are
      # soft, as in a hurried photo, and a person reads them at a glance.
      f=$docs/$n.tiltblur.jpg
      local far sharp sigma keep rot unrot CW CH KW
      far=$(pick "$n tiltblur far" "$seed" 4)
      sharp=$((40 + $(pick "$n tiltblur sharp" "$seed" 16)))
      sigma=$(awk "BEGIN{print 1.6 + $(pick "$n tiltblur sigma" "$seed" 9) / 10}")
      keep=$((84 + $(pick "$n tiltblur keep" "$seed" 7)))
      # Work in the frame where the far edge is the top: rotate so it is,
      # then back. far 0 and 1: the top; 2: the left side; 3: the right.
      case $far in 0 | 1) rot=0 unrot=0 ;; 2) rot=90 unrot=-90 ;; *) rot=-90 unrot=90 ;; esac
      convert "$base" -rotate "$rot" +repage "$docs/$n.tb-in.png"
      CW=$(identify -format %w "$docs/$n.tb-in.png"); CH=$(identify -format %h "$docs/$n.tb-in.png")
      # The blur map: white (the most blur) at the far edge, black (none)
      # from the sharp line down; -compose blur scales its sigma by it. (A
      # gradient, not -fx: this ImageMagick's -fx gave one value down a
      # 1-pixel-wide column.)
      convert -size "1x$((CH * (100 - sharp) / 100))" gradient:white-black -evaluate pow 1.3 \
        -size "1x$((CH * sharp / 100))" xc:black -append -scale "${CW}x${CH}!" "$docs/$n.tb-map.png"
      KW=$((CW * (100 - keep) / 200))
      convert "$docs/$n.tb-in.png" "$docs/$n.tb-map.png" -define compose:args="${sigma}x${sigma}" -compose blur -composite \
        \( -size "${CW}x${CH}" gradient:'#c4c4c4'-'#ffffff' \) -compose multiply -composite \
        -compose over -bordercolor '#8e8d89' -border "$((CW / 14))x$((CH / 16))" \
        -background '#8e8d89' -virtual-pixel background +repage \
        -distort Perspective "0,0 $((KW + CW / 14)),$((CH / 20))  $((CW + CW / 7)),0 $((CW + CW / 7 - KW - CW / 14)),$((CH / 20))  0,$((CH + CH / 8)) 0,$((CH + CH / 8))  $((CW + CW / 7)),$((CH + CH / 8)) $((CW + CW / 7)),$((CH + CH / 8))" \
        -rotate "$unrot" +repage \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -blur 0x0.4 -quality 85 "$f"
      rm -f "$docs/$n.tb-in.png" "$docs/$n.tb-map.png" ;;
    fingertip)
      # A phone photo of the page on a table with a fingertip over one corner
      # of the lens (unseen44), as happens holding a phone one-handed: the
      # finger is far too close to be in focus, so it is a soft, shapeless
      # pink-orange blur entering the frame from that corner (darker and
      # redder where it is thick, lighter at its edge, where the room's
      # light shines through it), densest over the table outside the page
      # and thinning to a warm haze over the page's nearest corner, with a
      # faint warm veil over the frame around it (light scattered through
      # the skin). The page lies on a wooden table with a margin of about a
      # twelfth of its long side, slight perspective, light falling off,
      # noise, JPEG 85. Which corner, the finger's size (26-34% of the
      # frame's short side) and its slant are drawn from SEED and the
      # document. Not harsh: the print stays legible; the blur lies mostly
      # over the table and the page's margin.
      f=$docs/$n.fingertip.jpg
      local b FW FH corner r rx ry ang cx cy ex ey
      b=$(((W > H ? W : H) / 12))
      FW=$((W + 2 * b)) FH=$((H + 2 * b))
      corner=$(pick "$n fingertip corner" "$seed" 4)
      r=$(((FW < FH ? FW : FH) * (26 + $(pick "$n fingertip size" "$seed" 9)) / 100))
      rx=$((r * 12 / 10)) ry=$((r * 9 / 10))
      ang=$((20 + $(pick "$n fingertip slant" "$seed" 50)))
      # The finger's centre lies just outside the chosen corner; the colour
      # runs from the corner (thick, red) towards the frame's middle (thin).
      case $corner in
        0) cx=$((-r / 6)) cy=$((-r / 6)) ex=$((r * 2)) ey=$((r * 2)) ;;
        1) cx=$((FW + r / 6)) cy=$((-r / 6)) ex=$((FW - r * 2)) ey=$((r * 2)); ang=$((-ang)) ;;
        2) cx=$((-r / 6)) cy=$((FH + r / 6)) ex=$((r * 2)) ey=$((FH - r * 2)); ang=$((-ang)) ;;
        *) cx=$((FW + r / 6)) cy=$((FH + r / 6)) ex=$((FW - r * 2)) ey=$((FH - r * 2)) ;;
      esac
      convert -size "${FW}x${FH}" xc:black -fill white \
        -draw "translate $cx,$cy rotate $ang ellipse 0,0 $rx,$ry 0,360" -blur "0x$((r / 5))" "$docs/$n.ft-mask.png"
      convert -size "${FW}x${FH}" xc:black -fill '#5a5a5a' \
        -draw "translate $cx,$cy rotate $ang ellipse 0,0 $((rx * 2)),$((ry * 2)) 0,360" -blur "0x$((r / 2))" "$docs/$n.ft-veil.png"
      convert "$base" -bordercolor '#7b5b40' -border "$b" \
        \( -size "${FW}x${FH}" xc: -sparse-color Barycentric "0,0 #ffffff $FW,$FH #c9c9c9" \) -compose multiply -composite \
        \( -size "${FW}x${FH}" xc:'#ffb08c' "$docs/$n.ft-veil.png" -alpha off -compose copy_opacity -composite \) -compose over -composite \
        \( -size "${FW}x${FH}" xc: -sparse-color Barycentric "$cx,$cy #a8503e $ex,$ey #efb196" \
           "$docs/$n.ft-mask.png" -alpha off -compose copy_opacity -composite \) -compose over -composite \
        -virtual-pixel edge \
        -distort Perspective "0,0 $((FW / 60)),$((FH / 50))  $FW,0 $((FW - FW / 70)),$((FH / 90))  0,$FH $((FW / 90)),$((FH - FH / 60))  $FW,$FH $((FW - FW / 45)),$((FH - FH / 55))" \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -blur 0x0.4 -quality 85 "$f"
      rm -f "$docs/$n.ft-mask.png" "$docs/$n.ft-veil.png" ;;
    glasstop)
      # The page laid under a glass table top to hold it flat and
      # photographed through the glass from above (unseen45), as patients do
      # with a bag label, a receipt or a slip that will not lie flat: a glass
      # desk protector, a glass coffee table. The thick glass tints all it
      # covers green (the white paper pale green-grey, red at about 88% and
      # blue at about 91% of green); the glass's cut edge crosses the table
      # beside the page as a deep green band with a bright line along it
      # (which side drawn from SEED and the document, never over the page);
      # the room's window is reflected in the glass as a soft, out-of-focus
      # bright pane with its cross of glazing bars, over part of the page
      # (lifting the print there to grey, at most about 36% of the way to
      # white), and a ceiling lamp as a small soft glow; dust on the glass
      # as a few faint light specks; the page a little turned (up to 1.2
      # degrees) on a dark wood table, slight perspective, light falling
      # off, noise, JPEG 85. The window's and the lamp's places and the turn
      # are drawn from SEED and the document. Not harsh: the print stays dark
      # and plain, under the reflection as a grey a person reads at a glance.
      f=$docs/$n.glasstop.jpg
      local CW=$((W * 6 / 5)) CH=$((H * 6 / 5)) side turn wx wy ww wh bar lx ly lr edge e t shine
      side=$(pick "$n glasstop side" "$seed" 4)
      turn=$(awk "BEGIN{print ($(pick "$n glasstop turn" "$seed" 25) - 12) / 10}")
      ww=$((CW * 2 / 5)) wh=$((CH * 3 / 10)) bar=$((CW / 90 + 2))
      wx=$((CW * (8 + $(pick "$n glasstop wx" "$seed" 45)) / 100))
      wy=$((CH * (6 + $(pick "$n glasstop wy" "$seed" 55)) / 100))
      lx=$((CW * (15 + $(pick "$n glasstop lx" "$seed" 70)) / 100))
      ly=$((CH * (10 + $(pick "$n glasstop ly" "$seed" 80)) / 100))
      lr=$((CW / 14))
      # The table: dark wood, its grain stretched from coarse noise.
      convert -size "$((CW / 16))x${CH}" xc:gray50 -seed "$seed" -attenuate 1.5 +noise Gaussian -colorspace Gray \
        -resize "${CW}x${CH}!" -blur 0x1.5 +level-colors '#3b281b','#7d5a40' "$docs/$n.gt-table.png"
      # The reflections: the window (a bright pane leaning a little, its
      # glazing bars dark), out of focus; the lamp a soft disc.
      convert -size "${CW}x${CH}" xc:black -fill white \
        -draw "polygon $wx,$wy $((wx + ww)),$((wy + wh / 12)) $((wx + ww - ww / 10)),$((wy + wh)) $((wx - ww / 12)),$((wy + wh - wh / 14))" \
        -fill black -stroke black -strokewidth "$bar" \
        -draw "line $((wx + ww / 2 - ww / 40)),$((wy + wh / 24)) $((wx + ww / 2 - ww / 12)),$((wy + wh - wh / 28))" \
        -draw "line $((wx - ww / 24)),$((wy + wh / 2 - wh / 30)) $((wx + ww - ww / 20)),$((wy + wh / 2 + wh / 30))" \
        -blur "0x$((CW / 180 + 3))" -evaluate multiply 0.36 \
        \( -size "$((2 * lr))x$((2 * lr))" radial-gradient:'#5a5a5a'-black \) -geometry "+$((lx - lr))+$((ly - lr))" -compose screen -composite \
        \( -size "${CW}x${CH}" xc:black -seed "$seed" +noise Random -channel G -separate +channel -threshold 99.993% \
           -morphology Dilate Disk:1.5 -blur 0x1.2 -evaluate multiply 0.5 \) -compose screen -composite "$docs/$n.gt-refl.png"
      # The glass's edge beside the page: on the left, right, top or bottom.
      e=$((CW / 40)) t=$((CW / 400 + 2))
      case $side in
        0) edge="rectangle $e,0 $((e * 2)),$CH" shine="rectangle $((e * 2)),0 $((e * 2 + t)),$CH" ;;
        1) edge="rectangle $((CW - e * 2)),0 $((CW - e)),$CH" shine="rectangle $((CW - e * 2 - t)),0 $((CW - e * 2)),$CH" ;;
        2) edge="rectangle 0,$((CH / 40)) $CW,$((CH / 40 + e))" shine="rectangle 0,$((CH / 40 + e)) $CW,$((CH / 40 + e + t))" ;;
        *) edge="rectangle 0,$((CH - CH / 40 - e)) $CW,$((CH - CH / 40))" shine="rectangle 0,$((CH - CH / 40 - e - t)) $CW,$((CH - CH / 40 - e))" ;;
      esac
      convert "$docs/$n.gt-table.png" \
        \( "$base" -background none -rotate "$turn" \( +clone -background black -shadow 35x2+1+2 \) +swap -background none -layers merge +repage \) \
        -gravity center -compose over -composite +gravity \
        -fill '#1f5a3c' -draw "$edge" -fill '#cfe9d9' -draw "$shine" \
        -channel R -evaluate multiply 0.88 -channel B -evaluate multiply 0.91 +channel \
        "$docs/$n.gt-refl.png" -compose screen -composite \
        -background '#3a2a1f' -virtual-pixel background \
        -distort Perspective "0,0 $((CW / 60)),$((CH / 50))  $CW,0 $((CW - CW / 45)),$((CH / 70))  0,$CH $((CW / 80)),$((CH - CH / 60))  $CW,$CH $((CW - CW / 50)),$((CH - CH / 45))" \
        \( -size "${CW}x${CH}" radial-gradient:white-'#a8a8a8' \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.gt-table.png" "$docs/$n.gt-refl.png" ;;
    digizoom)
      # A photo taken on the phone's digital zoom (unseen43): the patient
      # could not or would not get close (a label on a pen in the fridge
      # door, a sheet across the table, a phone with no close focus) and
      # pinched to 3-5x past the optical lens, so the phone cropped the
      # middle of the sensor and scaled it up. What is left of the page is
      # the crop's own pixels: the page drawn at 42-56% of its size (drawn
      # from SEED and the document), softened a little by the long reach
      # and the hand, the sensor's noise at that size (so it is blotchy
      # once scaled up), the phone's noise reduction smoothing it, then the
      # scale back up to the full frame (Catmull-Rom) and the phone's
      # strong sharpening, which leaves light halos beside dark strokes; a
      # faint haze (blacks lifted to about 5%), slight perspective (its
      # corners drawn the same way), light falling off, JPEG 85. Not harsh:
      # strokes are soft and haloed, every word stays legible at a glance.
      f=$docs/$n.digizoom.jpg
      local zp a b c d
      zp=$((42 + $(pick "$n digizoom scale" "$seed" 15)))
      a=$((40 + $(pick "$n digizoom a" "$seed" 40))); b=$((40 + $(pick "$n digizoom b" "$seed" 40)))
      c=$((40 + $(pick "$n digizoom c" "$seed" 40))); d=$((40 + $(pick "$n digizoom d" "$seed" 40)))
      convert "$base" -background '#7d7468' -virtual-pixel background \
        -distort Perspective "0,0 $((W / a)),$((H / b))  $W,0 $((W - W / c)),$((H / d))  0,$H $((W / d)),$((H - H / c))  $W,$H $((W - W / b)),$((H - H / a))" \
        \( -size "${W}x${H}" xc: -sparse-color Barycentric "0,0 #ffffff $W,$H #c8c8c8" \) -compose multiply -composite \
        -blur 0x0.6 -resize "${zp}%" -seed "$seed" -attenuate 0.4 +noise Gaussian -blur 0x0.5 \
        -filter Catrom -resize "${W}x${H}!" +filter -unsharp 0x1.6+1.3+0.01 \
        +level 5%,98% -quality 85 "$f" ;;
    twoapps)
      # A screenshot (or a page image) sent through one messaging app, saved
      # from the chat and sent on through a second app (unseen47), as
      # patients do when a family member or a programme's helper passes it
      # on: the first app scales it to 1600 px on the long side (bilinear),
      # halves the chroma and saves it at JPEG 58-68; the second scales that
      # to 1280 px (so its 8x8 blocks fall across the first one's grid, two
      # generations of blocking), cuts each channel to 16 levels (the colour
      # banding of a "data saver" re-encode, flat areas stepping in tone),
      # halves the chroma again and saves at JPEG 45-54 with no metadata; the
      # two qualities drawn from SEED and the document. Not harsh: the print
      # stays about 12 px or more and plain, blocky at its edges.
      f=$docs/$n.twoapps.jpg
      local q1 q2
      q1=$((58 + $(pick "$n twoapps q1" "$seed" 11)))
      q2=$((45 + $(pick "$n twoapps q2" "$seed" 10)))
      convert "$base" -filter Triangle -resize '1600x1600>' +filter \
        -sampling-factor 4:2:0 -strip -quality "$q1" "$docs/$n.app1.jpg"
      convert "$docs/$n.app1.jpg" -filter Triangle -resize '1280x1280>' +filter \
        -posterize 16 -sampling-factor 4:2:0 -strip -quality "$q2" "$f"
      rm -f "$docs/$n.app1.jpg" ;;
    bedsheet)
      # The page lying on an unmade bed, photographed from above (unseen46),
      # as patients do who read their post in bed or lay a label on the
      # duvet to photograph it: the duvet's soft folds run across the page
      # and the paper sags into them, so the print follows a gentle swell
      # (a smooth vertical displacement of up to 3 px at the page's scale,
      # from the same fold map) and the folds cast soft shadows over it (the
      # paper in the deepest shadow at about 70% of its light, the shadows'
      # edges wide and soft, no hard line); the cover's cotton around the
      # page (a margin of about a tenth of its long side) in a pale colour
      # (blue, grey, cream or sage) with its weave as fine noise and the
      # same folds, deeper; slight perspective, light falling off, noise,
      # JPEG 85. The folds' direction (10-60 degrees), their size and where
      # they fall, and the cover's colour are drawn from SEED and the
      # document. Not harsh: the print stays dark and legible; only the
      # paper's light and the lines' straightness change.
      f=$docs/$n.bedsheet.jpg
      local b FW FH ang fs fseed col
      b=$(((W > H ? W : H) / 10))
      FW=$((W + 2 * b)) FH=$((H + 2 * b))
      ang=$((10 + $(pick "$n bedsheet angle" "$seed" 51)))
      fs=$((18 + $(pick "$n bedsheet folds" "$seed" 12)))
      fseed=$(pick "$n bedsheet where" "$seed" 100000)
      case $(pick "$n bedsheet colour" "$seed" 4) in
        0) col='#c9d6e6' ;; 1) col='#cfcfd2' ;; 2) col='#e8dfc9' ;; *) col='#c8d6c4' ;;
      esac
      # The folds: coarse noise stretched along the folds' direction into
      # long soft swells, smoothed, from 0 (a trough) to 1 (a crest).
      convert -size "${fs}x3" xc:gray50 -seed "$fseed" +noise Random -colorspace Gray \
        -virtual-pixel mirror -resize "$((FW * 2))x$((FH * 2))!" -blur "0x$((FW / 90 + 3))" \
        -distort SRT "$ang" -gravity center -crop "${FW}x${FH}+0+0" +repage +gravity -auto-level "$docs/$n.bs-folds.png"
      # The paper sags with the folds, then the border of cotton around it.
      convert "$base" \( "$docs/$n.bs-folds.png" -gravity center -crop "${W}x${H}+0+0" +repage +gravity \) \
        -define compose:args=0x3 -compose displace -composite \
        -bordercolor "$col" -compose over -border "$b" "$docs/$n.bs-page.png"
      # The weave on the cotton only (outside the page), the shadows on both.
      convert "$docs/$n.bs-page.png" \
        \( -size "${FW}x${FH}" xc:gray50 -seed "$seed" -attenuate 0.6 +noise Gaussian -colorspace Gray \
           -fill gray50 -draw "rectangle $b,$b $((b + W - 1)),$((b + H - 1))" \) -compose overlay -composite \
        \( "$docs/$n.bs-folds.png" -sigmoidal-contrast 6,30% +level 70%,100% \) -compose multiply -composite \
        -background "$col" -virtual-pixel background \
        -distort Perspective "0,0 $((FW / 55)),$((FH / 60))  $FW,0 $((FW - FW / 70)),$((FH / 45))  0,$FH $((FW / 45)),$((FH - FH / 70))  $FW,$FH $((FW - FW / 60)),$((FH - FH / 50))" \
        \( -size "${FW}x${FH}" radial-gradient:white-'#b8b8b8' \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.bs-folds.png" "$docs/$n.bs-page.png" ;;
    desklamp)
      # The page photographed on a desk under a desk lamp's strong light
      # from low at one side (unseen48), as a patient with low vision reads
      # and photographs print: the light rakes across the page, so it falls
      # off steeply from the lamp's side (the far edge of the desk about 45%
      # as bright as the near one, the paper's far side about half), warm
      # (the lamp's 3000 K after the phone's partial white balance), with a
      # soft brighter pool on the page nearest the lamp and the paper's grain
      # raised as fine relief by the low light (an embossed noise field, at
      # most about 9% darker in its shaded pits). Which side the lamp stands
      # (left, right, upper left, upper right), its height (14-23 degrees
      # over the desk) and the pool's place along that side are drawn from
      # SEED and the document; then slight perspective, noise, JPEG 85. Not
      # harsh: the print stays dark and plain across the page, on the far
      # side a grey paper a person reads at a glance.
      f=$docs/$n.desklamp.jpg
      local side elev along B W2 H2 az lx ly fx fy px py
      side=$(pick "$n desklamp side" "$seed" 4)
      elev=$((14 + $(pick "$n desklamp elevation" "$seed" 10)))
      along=$((30 + $(pick "$n desklamp pool" "$seed" 41)))
      B=$((W / 14)); W2=$((W + 2 * B)); H2=$((H + 2 * B))
      case $side in
        0) az=180; lx=0; ly=$((H2 / 2)); fx=$W2; fy=$((H2 / 2)); px=$((B + W / 8)); py=$((H2 * along / 100)) ;;
        1) az=0; lx=$W2; ly=$((H2 / 2)); fx=0; fy=$((H2 / 2)); px=$((W2 - B - W / 8)); py=$((H2 * along / 100)) ;;
        2) az=225; lx=0; ly=0; fx=$W2; fy=$H2; px=$((W2 * along / 200 + B)); py=$((B + H / 8)) ;;
        *) az=315; lx=$W2; ly=0; fx=0; fy=$H2; px=$((W2 - W2 * along / 200 - B)); py=$((B + H / 8)) ;;
      esac
      convert -size "${W2}x${H2}" xc:gray50 -seed "$seed" +noise Random -colorspace Gray -blur 0x1.3 \
        -shade "${az}x${elev}" -auto-level +level 91%,100% "$docs/$n.dl-grain.png"
      convert -size "${W2}x${H2}" xc: -sparse-color Barycentric "$lx,$ly #fff1d8 $fx,$fy #7a6d5c" "$docs/$n.dl-light.png"
      convert -size "${W2}x${H2}" xc:black -fill '#4a3a22' \
        -draw "ellipse $px,$py $((W2 / 4)),$((H2 / 4)) 0,360" -blur "0x$((W2 / 10))" "$docs/$n.dl-pool.png"
      convert "$base" -bordercolor '#5a4030' -border "$B" \
        "$docs/$n.dl-grain.png" -compose multiply -composite \
        "$docs/$n.dl-light.png" -compose multiply -composite \
        "$docs/$n.dl-pool.png" -compose screen -composite \
        -background '#2e2219' -virtual-pixel background \
        -distort Perspective "0,0 $((W2 / 60)),$((H2 / 50))  $W2,0 $((W2 - W2 / 45)),$((H2 / 70))  0,$H2 $((W2 / 80)),$((H2 - H2 / 60))  $W2,$H2 $((W2 - W2 / 50)),$((H2 - H2 / 45))" \
        -seed "$seed" -attenuate 0.3 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.dl-grain.png" "$docs/$n.dl-light.png" "$docs/$n.dl-pool.png" ;;
    mixedlight)
      # A phone photo under mixed light (unseen84): the page on a table
      # between a window and a lamp, one side lit by cool daylight, the
      # other by a warm tungsten or LED lamp, as in a kitchen or a hotel
      # room on a dull afternoon with the lamp on. The phone's white balance
      # settles between the two, so the white paper shades from bluish
      # (red at about 85%, green 91% of blue) on the window's side to orange
      # (green at about 78%, blue 52-58% of red) and a little darker (76-84%)
      # on the lamp's, with a soft boundary between them (a smooth ramp
      # 18-30% of the page wide, at 38-62% across it); the sensor's gain
      # shows as a little more noise on the darker, warm side. Which side the
      # window is on (left, right, top, bottom), where the boundary falls, how
      # soft it is and how bright and how orange the lamp's side is are drawn
      # from SEED and the document; then a slight perspective on a grey-brown
      # table, light falling off a little towards the corners, JPEG 85. Not
      # harsh: the print stays dark on both sides and every line reads at a
      # glance.
      f=$docs/$n.mixedlight.jpg
      local side edge soft wb wbl B W2 H2 cool warm persp
      side=$(pick "$n mixedlight side" "$seed" 4)
      edge=$((38 + $(pick "$n mixedlight edge" "$seed" 25)))
      soft=$((18 + $(pick "$n mixedlight soft" "$seed" 13)))
      wb=$((76 + $(pick "$n mixedlight level" "$seed" 9)))
      wbl=$((52 + $(pick "$n mixedlight blue" "$seed" 7)))
      B=$((W / 16)); W2=$((W + 2 * B)); H2=$((H + 2 * B))
      # The mask: black on the window's side, white on the lamp's, a smooth
      # (smoothstep) ramp across the boundary; one row or column stretched.
      # (fx's one-letter names are its own: u is the image, t its index.)
      local ramp="tt=(uu-$edge/100)/($soft/100)+0.5; tt=tt<0?0:(tt>1?1:tt); tt*tt*(3-2*tt)"
      case $side in
        0) convert -size "${W2}x1" xc: -fx "uu=i/w; $ramp" -scale "${W2}x${H2}!" "$docs/$n.ml-mask.png" ;;
        1) convert -size "${W2}x1" xc: -fx "uu=1-i/w; $ramp" -scale "${W2}x${H2}!" "$docs/$n.ml-mask.png" ;;
        2) convert -size "1x${H2}" xc: -fx "uu=j/h; $ramp" -scale "${W2}x${H2}!" "$docs/$n.ml-mask.png" ;;
        *) convert -size "1x${H2}" xc: -fx "uu=1-j/h; $ramp" -scale "${W2}x${H2}!" "$docs/$n.ml-mask.png" ;;
      esac
      cool="rgb($((255 * 85 / 100)),$((255 * 91 / 100)),255)"
      warm="rgb($((255 * wb / 100)),$((255 * wb * 78 / 10000)),$((255 * wb * wbl / 10000)))"
      persp="0,0 $((W2 / 55)),$((H2 / 60))  $W2,0 $((W2 - W2 / 40)),$((H2 / 90))  0,$H2 $((W2 / 90)),$((H2 - H2 / 50))  $W2,$H2 $((W2 - W2 / 60)),$((H2 - H2 / 45))"
      # The light falls on the page and the table alike; then the phone's
      # perspective, the same for the mask so the noise follows the light.
      convert "$base" -bordercolor '#7d7266' -border "$B" \
        \( -size "${W2}x${H2}" xc:"$cool" -size "${W2}x${H2}" xc:"$warm" "$docs/$n.ml-mask.png" -compose over -composite \) \
        -compose multiply -composite \
        -background '#4a4138' -virtual-pixel background -distort Perspective "$persp" \
        \( -size "${W2}x${H2}" radial-gradient:white-'#d2d2d2' \) -compose multiply -composite "$docs/$n.ml-lit.png"
      convert "$docs/$n.ml-mask.png" -background black -virtual-pixel background -distort Perspective "$persp" "$docs/$n.ml-maskp.png"
      convert \( "$docs/$n.ml-lit.png" -seed "$seed" -attenuate 0.22 +noise Gaussian \) \
        \( "$docs/$n.ml-lit.png" -seed "$((seed + 1))" -attenuate 0.5 +noise Gaussian \) \
        "$docs/$n.ml-maskp.png" -compose over -composite -quality 85 "$f"
      rm -f "$docs/$n.ml-mask.png" "$docs/$n.ml-maskp.png" "$docs/$n.ml-lit.png" ;;
    hdrghost)
      # A phone's HDR or night-mode merge of frames taken while the hand
      # moved (unseen51): the phone takes a short burst at different
      # exposures and merges them; the hand moved between the frames, so
      # where the merge failed to line one up a faint second copy of the page
      # (20-35% strength) lies 3-7 px off the first (at the page's scale),
      # turned by up to 0.3 degrees, so the offset grows a little across the
      # page; that frame had another exposure (darker, its paper grey, or
      # brighter, its print lifted towards grey). The strength, offset,
      # direction, turn and which exposure are drawn from SEED and the
      # document. The merge's tone mapping then lifts the shadows and adds
      # local contrast (the "HDR look"); slight perspective on a grey-brown
      # table, light falling off, noise, JPEG 85. Not harsh: the print stays
      # dark and legible, the ghost a pale grey copy beside it.
      f=$docs/$n.hdrghost.jpg
      local gs gd ang gx gy rot expo B W2 H2
      gs=$((20 + $(pick "$n hdrghost strength" "$seed" 16)))
      gd=$((3 + $(pick "$n hdrghost offset" "$seed" 5)))
      ang=$(pick "$n hdrghost angle" "$seed" 360)
      gx=$(awk "BEGIN{printf \"%d\", $gd * cos($ang * 3.14159265 / 180)}")
      gy=$(awk "BEGIN{printf \"%d\", $gd * sin($ang * 3.14159265 / 180)}")
      rot=$(awk "BEGIN{print ($(pick "$n hdrghost turn" "$seed" 7) - 3) / 10}")
      if (($(pick "$n hdrghost exposure" "$seed" 2))); then expo=(-evaluate multiply 0.8); else expo=(+level 16%,100%); fi
      B=$((W / 16)); W2=$((W + 2 * B)); H2=$((H + 2 * B))
      convert "$base" \( +clone -background white -virtual-pixel white \
          -distort SRT "$((W / 2)),$((H / 2)) 1 $rot $((W / 2 + gx)),$((H / 2 + gy))" "${expo[@]}" \) \
        -compose blend -define compose:args="$gs" -composite \
        -bordercolor '#766b60' -border "$B" \
        \( +clone \( +clone -resize 12% -blur 0x6 -resize "${W2}x${H2}!" -negate \) -compose overlay -composite \) \
        -compose blend -define compose:args=30 -composite -sigmoidal-contrast 2.5,45% \
        -background '#766b60' -virtual-pixel background \
        -distort Perspective "0,0 $((W2 / 55)),$((H2 / 60))  $W2,0 $((W2 - W2 / 45)),$((H2 / 80))  0,$H2 $((W2 / 70)),$((H2 - H2 / 55))  $W2,$H2 $((W2 - W2 / 50)),$((H2 - H2 / 45))" \
        \( -size "${W2}x${H2}" radial-gradient:white-'#a9a9a9' \) -compose multiply -composite -level 2%,86% \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f" ;;
    rollshutter)
      # A phone photo taken while the hand moves sideways (unseen50), as
      # patients do who snap a page on the way past the table: the phone's
      # rolling shutter reads the sensor row by row, so the rows further
      # down were read later, with the phone further along, and the page
      # comes out sheared (its vertical edges lean by 2.5-4.5 degrees, rows
      # shifted progressively), the hand's speed not quite even (the shift
      # bows a little, about 0.3% of the page's width), and a slight motion
      # blur along the movement (1.2-2.2 px at the page's scale). Which way
      # the hand moved, the lean, the bow and the blur are drawn from SEED
      # and the document; then the page on a table, slight perspective,
      # light falling off, noise, JPEG 85. Not harsh: the print leans and is
      # a little soft along the rows, and a person reads it at a glance.
      f=$docs/$n.rollshutter.jpg
      local dir lean bow blur B W2 H2
      dir=$(( $(pick "$n rollshutter dir" "$seed" 2) * 2 - 1 ))
      lean=$(awk "BEGIN{print $dir * (2.5 + $(pick "$n rollshutter lean" "$seed" 21) / 10)}")
      bow=$(( W * (2 + $(pick "$n rollshutter bow" "$seed" 3)) / 1000 + 1 ))
      blur=$(awk "BEGIN{print 1.2 + $(pick "$n rollshutter blur" "$seed" 11) / 10}")
      B=$((W / 16)); W2=$((W + 2 * B)); H2=$((H + 2 * B))
      convert "$base" -bordercolor '#837766' -border "$B" -background '#837766' -virtual-pixel background \
        -shear "${lean}x0" -rotate 90 -wave "${bow}x$((H2 * 2))" -rotate -90 +repage \
        -motion-blur "0x${blur}+$((dir > 0 ? 0 : 180))" "$docs/$n.rs.png"
      W2=$(identify -format %w "$docs/$n.rs.png"); H2=$(identify -format %h "$docs/$n.rs.png")
      convert "$docs/$n.rs.png" -background '#6e6355' -virtual-pixel background \
        -distort Perspective "0,0 $((W2 / 70)),$((H2 / 60))  $W2,0 $((W2 - W2 / 55)),$((H2 / 90))  0,$H2 $((W2 / 90)),$((H2 - H2 / 55))  $W2,$H2 $((W2 - W2 / 60)),$((H2 - H2 / 70))" \
        \( -size "${W2}x${H2}" xc: -sparse-color Barycentric "0,0 #ffffff $W2,$H2 #c2c2c2" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.rs.png" ;;
    lenssmear)
      # A phone photo through a greasy, smeared lens (unseen49): the grease
      # on the camera glass scatters the light of the bright paper over the
      # whole frame, so a soft haze and glow spread from the paper into the
      # dark print (halation: a blurred copy of the photo mixed in, about a
      # third of its strength), lifting the blacks and lowering the contrast;
      # the finger that wiped the lens left faint streaks in one direction
      # (a copy of the photo smeared along that direction, shown through a
      # streaky mask of noise smeared the same way, lightening only, at most
      # about two fifths); the whole photo slightly soft. The streaks' direction
      # and the mask drawn from SEED and the document; slight perspective,
      # light falling off, noise, JPEG 85. Not harsh: a smear over the whole
      # frame, unlike `smudge`'s patch, and the print stays legible.
      f=$docs/$n.lenssmear.jpg
      local ang len glow
      ang=$(pick "$n lenssmear angle" "$seed" 180)
      len=$(((W > H ? W : H) / 32 + 8))
      glow=$(((W > H ? W : H) / 110 + 5))
      convert -size "$((W / 8))x$((H / 8))" xc:gray50 -seed "$((seed + $(pick "$n lenssmear noise" "$seed" 1000)))" -attenuate 1 +noise Random \
        -colorspace Gray -blur 0x1 -motion-blur "0x9+$ang" -auto-level -level 25%,85% +level 0%,42% \
        -resize "${W}x${H}!" "$docs/$n.ls-mask.png"
      convert "$base" -background '#8c8c8c' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 55)),$((H / 50))  $W,0 $((W - W / 60)),$((H / 75))  0,$H $((W / 65)),$((H - H / 45))  $W,$H $((W - W / 40)),$((H - H / 55))" \
        "$docs/$n.ls-sharp.png"
      convert "$docs/$n.ls-sharp.png" \
        \( +clone -blur "0x$glow" \) -compose blend -define compose:args=34,66 -composite \
        \( "$docs/$n.ls-sharp.png" -motion-blur "0x$len+$ang" \( "$docs/$n.ls-mask.png" -colorspace Gray \) -alpha off -compose CopyOpacity -composite \) \
        -compose lighten -composite \
        -blur 0x0.7 +level 7%,97% \
        \( -size "${W}x${H}" xc: -sparse-color Barycentric "0,0 #ffffff $W,$H #c6c6c6" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.ls-mask.png" "$docs/$n.ls-sharp.png" ;;
    splitscreen)
      # A phone's split screen, screenshotted (unseen53): the patient opened
      # the document beside another app (a chat to send it on, a notes app
      # with what the clinic asked for, a browser on the upload page) and
      # took a screenshot of the whole screen. The phone is held upright
      # (the two apps one above the other, 1170x2532) or turned (side by
      # side, 2532x1170), whichever shows the document larger; the document
      # fills its half's content area shrunk to fit (never enlarged), under
      # that half's own title bar, on the viewer's light grey; the other
      # half holds the other app with its own title bar and a few lines of
      # its own (no person, medicine or date in them); the black divider
      # with its handle between the halves, the phone's status bar (the time,
      # signal, battery) across the top and the gesture bar at the foot. Which
      # half the document takes, which app is beside it and the clock are
      # drawn from SEED and the document. A screenshot: PNG, no noise. Not
      # harsh: only the document's size changes, and its print stays about
      # 9 px or more (only for pages whose print does at about 0.55 scale).
      f=$docs/$n.splitscreen.png
      local font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
      local sp sl land SW SH SB NB DV TB HW HH CW CH sc DW DH side app clock x y i
      sp=$(awk "BEGIN{a = 1130 / $W; b = 1016 / $H; print (a < b ? a : b)}")
      sl=$(awk "BEGIN{a = 1211 / $W; b = 920 / $H; print (a < b ? a : b)}")
      land=$(awk "BEGIN{print ($sl > $sp ? 1 : 0)}")
      if ((land)); then SW=2532 SH=1170 SB=70 NB=40 DV=30 TB=110; HW=$(((SW - DV) / 2)) HH=$((SH - SB - NB))
      else SW=1170 SH=2532 SB=110 NB=60 DV=30 TB=120; HW=$SW HH=$(((SH - SB - NB - DV) / 2)); fi
      CW=$((HW - 40)) CH=$((HH - TB - 30))
      sc=$(awk "BEGIN{a = $CW / $W; b = $CH / $H; s = (a < b ? a : b); if (s > 1) s = 1; print s}")
      DW=$(awk "BEGIN{printf \"%d\", $W * $sc}"); DH=$(awk "BEGIN{printf \"%d\", $H * $sc}")
      side=$(pick "$n splitscreen side" "$seed" 2)
      app=$(pick "$n splitscreen app" "$seed" 3)
      clock=$((8 + $(pick "$n splitscreen hour" "$seed" 13))):$(printf %02d "$(pick "$n splitscreen minute" "$seed" 60)")
      # The document's half: its viewer's title bar, the page shrunk to fit.
      convert -size "${HW}x${HH}" xc:'#eeeff1' \
        -fill white -draw "rectangle 0,0 $HW,$TB" -fill '#d5d7db' -draw "rectangle 0,$TB $HW,$((TB + 1))" \
        -font "$bold" -pointsize 40 -fill '#1f2933' -annotate "+34+$((TB / 2 + 15))" '‹' \
        -font "$font" -pointsize 34 -annotate "+90+$((TB / 2 + 12))" 'Document' -annotate "+$((HW - 60))+$((TB / 2 + 12))" '⋮' \
        \( "$base" -resize "${DW}x${DH}!" -bordercolor '#c9ccd1' -border 1 \) \
        -geometry "+$(((HW - DW) / 2 - 1))+$((TB + 14))" -compose over -composite "$docs/$n.ss-doc.png"
      # The other app's half.
      case $app in
        0) # a chat
          convert -size "${HW}x${HH}" xc:'#e7e1d8' \
            -fill '#2e5e7e' -draw "rectangle 0,0 $HW,$TB" \
            -font "$bold" -pointsize 40 -fill white -annotate "+34+$((TB / 2 + 15))" '‹' \
            -font "$font" -pointsize 34 -annotate "+90+$((TB / 2 + 12))" 'Family group' \
            -fill white -draw "roundrectangle 30,$((TB + 40)) $((HW * 7 / 10)),$((TB + 130)) 22,22" \
            -fill '#d8f3c8' -draw "roundrectangle $((HW * 3 / 10)),$((TB + 160)) $((HW - 30)),$((TB + 250)) 22,22" \
            -fill white -draw "roundrectangle 30,$((TB + 280)) $((HW * 8 / 10)),$((TB + 370)) 22,22" \
            -fill '#1f2933' -pointsize 30 -annotate "+56+$((TB + 96))" 'Did they send the record?' \
            -annotate "+$((HW * 3 / 10 + 26))+$((TB + 216))" 'Yes, it is open now' \
            -annotate "+56+$((TB + 336))" 'Send it to the clinic then' \
            -fill white -draw "roundrectangle 24,$((HH - 110)) $((HW - 24)),$((HH - 30)) 40,40" \
            -fill '#8a9099' -pointsize 30 -annotate "+60+$((HH - 58))" 'Message' "$docs/$n.ss-other.png" ;;
        1) # a notes app
          convert -size "${HW}x${HH}" xc:'#fffbea' \
            -fill '#fff3c4' -draw "rectangle 0,0 $HW,$TB" -fill '#e6d9a6' -draw "rectangle 0,$TB $HW,$((TB + 1))" \
            -font "$font" -pointsize 34 -fill '#8a6d00' -annotate "+34+$((TB / 2 + 12))" '‹ Notes' \
            -annotate "+$((HW - 120))+$((TB / 2 + 12))" 'Done' \
            -font "$bold" -pointsize 40 -fill '#1f2933' -annotate "+40+$((TB + 80))" 'Clinic upload' \
            -font "$font" -pointsize 30 -annotate "+40+$((TB + 150))" '- export the record from the app' \
            -annotate "+40+$((TB + 200))" '- check my name is on it' \
            -annotate "+40+$((TB + 250))" '- the dose and the pharmacy' \
            -annotate "+40+$((TB + 300))" '- upload before the check-in' "$docs/$n.ss-other.png" ;;
        2) # a browser
          convert -size "${HW}x${HH}" xc:white \
            -fill '#f1f3f4' -draw "rectangle 0,0 $HW,$TB" \
            -fill '#dfe1e5' -draw "roundrectangle 30,$((TB / 2 - 36)) $((HW - 110)),$((TB / 2 + 36)) 36,36" \
            -font "$font" -pointsize 30 -fill '#3c4043' -annotate "+70+$((TB / 2 + 11))" 'clinic.example/upload' \
            -annotate "+$((HW - 70))+$((TB / 2 + 11))" '⋮' \
            -font "$bold" -pointsize 42 -fill '#1f2933' -annotate "+40+$((TB + 90))" 'Upload your evidence' \
            -font "$font" -pointsize 29 -fill '#3c4043' -annotate "+40+$((TB + 150))" 'A photo, screenshot or PDF is fine.' \
            -annotate "+40+$((TB + 195))" 'Make sure the whole page is in view.' \
            -fill '#1a5fb4' -draw "roundrectangle 40,$((TB + 240)) 360,$((TB + 320)) 14,14" \
            -fill white -font "$bold" -pointsize 30 -annotate "+82+$((TB + 291))" 'Choose file' "$docs/$n.ss-other.png" ;;
      esac
      local first=$docs/$n.ss-doc.png second=$docs/$n.ss-other.png
      ((side)) && first=$docs/$n.ss-other.png second=$docs/$n.ss-doc.png
      # The screen: status bar, the two halves with the divider, the gesture bar.
      convert -size "${SW}x${SH}" xc:black \
        -fill white -draw "rectangle 0,0 $SW,$SB" \
        -font "$bold" -pointsize $((SB * 36 / 100)) -fill '#111111' -annotate "+40+$((SB * 66 / 100))" "$clock" \
        -fill '#111111' -draw "rectangle $((SW - 170)),$((SB / 2 + 6)) $((SW - 164)),$((SB / 2 + 14))" \
        -draw "rectangle $((SW - 158)),$((SB / 2 - 2)) $((SW - 152)),$((SB / 2 + 14))" \
        -draw "rectangle $((SW - 146)),$((SB / 2 - 10)) $((SW - 140)),$((SB / 2 + 14))" \
        -fill none -stroke '#111111' -strokewidth 3 -draw "roundrectangle $((SW - 110)),$((SB / 2 - 12)) $((SW - 50)),$((SB / 2 + 14)) 5,5" \
        -stroke none -fill '#111111' -draw "rectangle $((SW - 106)),$((SB / 2 - 8)) $((SW - 68)),$((SB / 2 + 10))" \
        "$first" -geometry "+0+$SB" -compose over -composite \
        "$second" -geometry "$( ((land)) && echo "+$((HW + DV))+$SB" || echo "+0+$((SB + HH + DV))")" -compose over -composite \
        -fill '#5f6368' -draw "$( ((land)) && echo "roundrectangle $((HW + DV / 2 - 4)),$((SB + HH / 2 - 60)) $((HW + DV / 2 + 4)),$((SB + HH / 2 + 60)) 4,4" || echo "roundrectangle $((SW / 2 - 60)),$((SB + HH + DV / 2 - 4)) $((SW / 2 + 60)),$((SB + HH + DV / 2 + 4)) 4,4")" \
        -fill white -draw "rectangle 0,$((SH - NB)) $SW,$SH" \
        -fill '#202124' -draw "roundrectangle $((SW / 2 - 140)),$((SH - NB / 2 - 5)) $((SW / 2 + 140)),$((SH - NB / 2 + 5)) 5,5" \
        "$f"
      rm -f "$docs/$n.ss-doc.png" "$docs/$n.ss-other.png" ;;
    windscreen)
      # A phone photo of the page lying on a car's dashboard or held up
      # against the windscreen (unseen52), as patients photograph a
      # discharge letter or a label in the hospital car park: the page on the
      # dark dashboard (textured plastic, a dark band at the foot of the
      # frame), the bright, blurred view out through the glass along the
      # top; the windscreen's tint casts its colour over the whole frame
      # (green, blue-green or bronze-grey, the white paper about 8-14%
      # darker in two channels); and the glass reflects the sky and the
      # dashboard over part of the page: a soft bright wedge from one top
      # corner (its width 45-70% of the frame), lifting the print towards
      # grey (at most about 42% of the way to white, strongest at the
      # corner and fading towards its tip) with two faint darker bands in
      # it where the dashboard's vents reflect. Which corner, the wedge's
      # width and strength, the tint and a turn of up to 1 degree are drawn
      # from SEED and the document; then slight perspective, light falling
      # off, noise, JPEG 85. Not harsh: the print stays legible, under the
      # wedge as a grey.
      f=$docs/$n.windscreen.jpg
      local B T D W2 H2 rot corner wl ws tint cx tx
      B=$((W / 12)); T=$((H / 10)); D=$((H / 6)); W2=$((W + 2 * B)); H2=$((H + T + D))
      rot=$(awk "BEGIN{print ($(pick "$n windscreen turn" "$seed" 21) - 10) / 10}")
      corner=$(pick "$n windscreen corner" "$seed" 2)
      wl=$((45 + $(pick "$n windscreen width" "$seed" 26)))
      ws=$((34 + $(pick "$n windscreen strength" "$seed" 9)))
      case $(pick "$n windscreen tint" "$seed" 3) in
        0) tint='#dcefe0' ;;
        1) tint='#d6e9ee' ;;
        *) tint='#ebe4d6' ;;
      esac
      if ((corner == 0)); then cx=0; tx=$((W2 * wl / 100)); else cx=$W2; tx=$((W2 - W2 * wl / 100)); fi
      # The dashboard and the view out along the top.
      convert -size "${W2}x${H2}" xc:'#2a2b2e' -seed "$seed" -attenuate 0.5 +noise Gaussian -blur 0x1.2 \
        \( -size "${W2}x$((T * 7 / 10))" gradient:'#d9e3ec'-'#9aa3a8' -blur 0x6 \) -geometry +0+0 -compose over -composite \
        -fill '#141517' -draw "rectangle 0,$((H2 - D / 3)) $W2,$H2" "$docs/$n.ws-bg.png"
      # The reflection: a wedge from the top corner, blurred soft, fading to
      # its tip, with two darker bands (the dashboard's vents).
      convert -size "${W2}x${H2}" xc:black -fill white \
        -draw "polygon $cx,0 $tx,0 $cx,$((H2 * 8 / 10))" -blur "0x$((W2 / 30))" \
        \( -size "${W2}x${H2}" xc: -sparse-color Barycentric "$cx,0 white $tx,$((H2 / 2)) gray35" \) -compose multiply -composite \
        \( -size "${W2}x${H2}" xc:white -fill gray72 \
           -draw "rectangle 0,$((H2 * 22 / 100)) $W2,$((H2 * 25 / 100))" -draw "rectangle 0,$((H2 * 38 / 100)) $W2,$((H2 * 40 / 100))" \
           -blur "0x$((H2 / 120 + 2))" \) -compose multiply -composite \
        -evaluate multiply "0.$ws" "$docs/$n.ws-refl.png"
      convert "$docs/$n.ws-bg.png" \
        \( "$base" -background none -rotate "$rot" \( +clone -background black -shadow 55x6+4+6 \) +swap -background none -layers merge +repage \) \
        -geometry "+$B+$T" -compose over -composite \
        \( -size "${W2}x${H2}" xc:"$tint" \) -compose multiply -composite \
        \( "$docs/$n.ws-refl.png" \( -size "${W2}x${H2}" xc:'#f2f6fa' \) -compose multiply -composite \) -compose screen -composite \
        -background '#1a1b1d' -virtual-pixel background \
        -distort Perspective "0,0 $((W2 / 60)),$((H2 / 55))  $W2,0 $((W2 - W2 / 50)),$((H2 / 80))  0,$H2 $((W2 / 90)),$((H2 - H2 / 60))  $W2,$H2 $((W2 - W2 / 70)),$((H2 - H2 / 50))" \
        \( -size "${W2}x${H2}" radial-gradient:white-'#c8c8c8' \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.ws-bg.png" "$docs/$n.ws-refl.png" ;;
    penshadow)
      # A phone photo of the page with a pen lying across it, its tip
      # pointing at a line, as a patient shows where the detail is
      # (unseen54): the pen's body (a barrel about 1/55 of the page's long
      # side wide, its cone, metal point and clip) covers a thin band of the
      # page and runs off it onto the table, and casts a soft shadow beside
      # it (about half as bright, blurred by a third of the pen's width)
      # on one side. Where it lies the document says, so that it covers no
      # field a case measures: <meta name="heldout-penshadow" content="Y X
      # FROM">, the band's centre at Y of the page's height and the tip at X
      # of its width (fractions of the page inside its white border), the
      # pen coming in from the right or the left; without it, the widest
      # blank gap between lines of print in the middle of the page, tip at
      # the middle. The pen's turn (up to 1.5 degrees about its tip), its
      # colour and the side its shadow falls on are drawn from SEED and the
      # document; then the photo on a table: slight perspective, light
      # falling off, noise, JPEG 85. Not harsh: the pen hides only the band
      # it lies on, and the print in its shadow stays legible.
      f=$docs/$n.penshadow.jpg
      local spec py tx from B W2 H2 pw ang side col tmp
      spec=$(sed -n 's/.*name="heldout-penshadow" content="\([^"]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      if [[ -n $spec ]]; then
        read -r py tx from <<<"$spec"
      else
        # The widest run of rows with no dark print between 25% and 80% of the page.
        py=$(convert "$base" -colorspace Gray -threshold 50% -negate -resize "1x${H}!" -depth 16 txt:- |
          sed -nE 's/^0,([0-9]+): \(([0-9]+).*/\1 \2/p' |
          awk -v h="$H" '$1 < h * 0.25 || $1 > h * 0.8 {next} {blank = $2 / 65535 < 0.002}
               blank && !inb {top = $1; inb = 1} !blank && inb {if ($1 - top > best) {best = $1 - top; mid = (top + $1) / 2}; inb = 0}
               END {if (!best) mid = h / 2; printf "%.4f", (mid - 40) / (h - 80)}')
        tx=0.5
        from=$( (($(pick "$n penshadow from" "$seed" 2))) && echo left || echo right)
      fi
      B=$((W / 16)); W2=$((W + 2 * B)); H2=$((H + 2 * B))
      pw=$(((W > H ? W : H) / 55 + 6))
      ang=$(awk "BEGIN{print ($(pick "$n penshadow turn" "$seed" 31) - 15) / 10}")
      side=$(( $(pick "$n penshadow side" "$seed" 2) * 2 - 1 ))
      case $(pick "$n penshadow colour" "$seed" 4) in
        0) col='#1f3a7a' ;; 1) col='#1c1c1c' ;; 2) col='#a3262a' ;; *) col='#7d848c' ;;
      esac
      # The pen's outline: point, cone, barrel and clip, from the tip
      # (x, y) along d (away from the tip) with n across it; one "draw"
      # argument per line, the shadow's the same shapes moved by n * 0.55 w.
      tmp=$(awk -v x="$(awk "BEGIN{print $B + 40 + $tx * ($W - 80)}")" -v y="$(awk "BEGIN{print $B + 40 + $py * ($H - 80)}")" \
        -v w="$pw" -v a="$ang" -v from="$from" -v L="$((W2 + H2))" -v side="$side" '
        function pt(t, u, ox, oy) { return sprintf("%.1f,%.1f", x + dx * t + nx * u + ox, y + dy * t + ny * u + oy) }
        BEGIN { r = a * 3.14159265 / 180; dx = cos(r); dy = sin(r); if (from == "left") { dx = -dx }; nx = -dy; ny = dx
          for (k = 0; k < 2; k++) {
            ox = k ? nx * side * 0.55 * w : 0; oy = k ? ny * side * 0.55 * w : 0; tag = k ? "shadow" : "pen"
            print tag, "polygon " pt(0, 0, ox, oy) " " pt(0.55 * w, 0.16 * w, ox, oy) " " pt(0.55 * w, -0.16 * w, ox, oy)
            print tag, "polygon " pt(0.55 * w, 0.16 * w, ox, oy) " " pt(2 * w, 0.5 * w, ox, oy) " " pt(2 * w, -0.5 * w, ox, oy) " " pt(0.55 * w, -0.16 * w, ox, oy)
            print tag, "polygon " pt(2 * w, 0.5 * w, ox, oy) " " pt(L, 0.5 * w, ox, oy) " " pt(L, -0.5 * w, ox, oy) " " pt(2 * w, -0.5 * w, ox, oy)
          }
          print "clip", "polygon " pt(7 * w, 0.3 * w, 0, 0) " " pt(14 * w, 0.3 * w, 0, 0) " " pt(14 * w, 0.62 * w, 0, 0) " " pt(7 * w, 0.62 * w, 0, 0)
          print "shine", "line " pt(2.2 * w, -0.22 * w, 0, 0) " " pt(L, -0.22 * w, 0, 0)
        }')
      local shadow=() point=() cone=() barrel=() clip=() shine=()
      mapfile -t shadow < <(awk '$1 == "shadow" {sub(/^shadow /, ""); print}' <<<"$tmp")
      point=(-draw "$(awk '$1 == "pen" {sub(/^pen /, ""); print; exit}' <<<"$tmp")")
      cone=(-draw "$(awk '$1 == "pen" {n++} $1 == "pen" && n == 2 {sub(/^pen /, ""); print}' <<<"$tmp")")
      barrel=(-draw "$(awk '$1 == "pen" {n++} $1 == "pen" && n == 3 {sub(/^pen /, ""); print}' <<<"$tmp")")
      clip=(-draw "$(awk '$1 == "clip" {sub(/^clip /, ""); print}' <<<"$tmp")")
      shine=(-draw "$(awk '$1 == "shine" {sub(/^shine /, ""); print}' <<<"$tmp")")
      convert -size "${W2}x${H2}" xc:white -fill '#808080' -draw "${shadow[0]}" -draw "${shadow[1]}" -draw "${shadow[2]}" \
        -blur "0x$((pw / 3 + 1))" "$docs/$n.ps-shadow.png"
      convert -size "${W2}x${H2}" xc:none -fill "$col" "${barrel[@]}" -fill '#e6e3dc' "${cone[@]}" -fill '#a8a8a8' "${point[@]}" \
        -fill '#c4c8cc' "${clip[@]}" -fill none -stroke 'rgba(255,255,255,0.45)' -strokewidth "$((pw / 8 + 1))" "${shine[@]}" -stroke none \
        -blur 0x0.8 "$docs/$n.ps-pen.png"
      convert "$base" -bordercolor '#7b6a58' -border "$B" \
        "$docs/$n.ps-shadow.png" -compose multiply -composite \
        "$docs/$n.ps-pen.png" -compose over -composite \
        -background '#6b5a48' -virtual-pixel background \
        -distort Perspective "0,0 $((W2 / 60)),$((H2 / 55))  $W2,0 $((W2 - W2 / 50)),$((H2 / 80))  0,$H2 $((W2 / 75)),$((H2 - H2 / 50))  $W2,$H2 $((W2 - W2 / 45)),$((H2 - H2 / 60))" \
        \( -size "${W2}x${H2}" xc: -sparse-color Barycentric "0,0 #ffffff $W2,$H2 #c0c0c0" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.ps-shadow.png" "$docs/$n.ps-pen.png" ;;
    crackedscreen)
      # A photo of a phone's screen taken with another phone, as patients
      # do who cannot screenshot (a relative's phone, a work phone, a
      # locked-down app), the first phone's glass or screen protector
      # cracked (unseen56): a few thin bright crack lines (5-7) radiating
      # from an impact point at one corner, each a jagged polyline with a
      # faint dark edge beside it and a branch or two, and around the impact
      # a small shattered patch (short criss-crossing splinters and a faint
      # frosting, a radius of about a ninth of the screen's short side);
      # the screen's black bezel round it, lying on a table; the screen's
      # slight moire (two fine gratings at slightly different pitch and
      # angle beating into soft bands, about 4% deep) and a soft glare spot
      # where the room's light reflects (lifting the print there towards
      # grey, never white); slightly out of focus, slight perspective, light
      # falling off, noise, JPEG 85. The corner, the cracks' angles, lengths
      # and jags, the splinters and the glare's place are drawn from SEED and
      # the document. Not harsh: the cracks are a couple of pixels wide and
      # the print stays legible between them.
      # The screen is the screenshot without the page's white border.
      f=$docs/$n.crackedscreen.jpg
      local corner rs B W2 H2 GX GY GR cracks
      W=$((W - 80)) H=$((H - 80))
      corner=$(pick "$n crackedscreen corner" "$seed" 4)
      rs=$(pick "$n crackedscreen draw" "$seed" 1000000)
      GX=$(( W / 5 + $(pick "$n crackedscreen glare x" "$seed" $((W * 3 / 5 + 1))) ))
      GY=$(( H / 5 + $(pick "$n crackedscreen glare y" "$seed" $((H * 3 / 5 + 1))) ))
      GR=$(((W < H ? W : H) / 3))
      # The cracks as ImageMagick draw primitives: bright lines, their dark
      # edges, the splinters round the impact (python only for the numbers).
      cracks=$(python3 - "$W" "$H" "$corner" "$rs" <<'PYEOF'
import math, random, sys
W, H, corner, rs = (int(x) for x in sys.argv[1:5])
r = random.Random(rs)
sw = max(1.2, W / 520)
cx = [W * 0.04, W * 0.96, W * 0.04, W * 0.96][corner]
cy = [H * 0.03, H * 0.03, H * 0.97, H * 0.97][corner]
base = [45, 135, -45, -135][corner]  # towards the middle of the screen
diag = math.hypot(W, H)
bright, dark = [], []
def jag(x, y, ang, length, steps):
    pts = [(x, y)]
    for _ in range(steps):
        ang += r.uniform(-14, 14)
        d = length / steps * r.uniform(0.7, 1.3)
        x += d * math.cos(math.radians(ang)); y += d * math.sin(math.radians(ang))
        pts.append((x, y))
    return pts
def poly(pts): return " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
n = r.randint(5, 7)
for i in range(n):
    ang = base + (i - (n - 1) / 2) * (80 / n) + r.uniform(-6, 6)
    ang = -ang if corner in (0, 1) else ang
    pts = jag(cx, cy, ang, diag * r.uniform(0.25, 0.75), r.randint(7, 12))
    bright.append(poly(pts)); dark.append(poly([(x + 1.5, y + 1.5) for x, y in pts]))
    for _ in range(r.randint(1, 2)):
        k = r.randint(2, len(pts) - 2)
        b = jag(pts[k][0], pts[k][1], ang + r.choice([-1, 1]) * r.uniform(25, 55), diag * r.uniform(0.05, 0.15), 4)
        bright.append(poly(b)); dark.append(poly([(x + 1.5, y + 1.5) for x, y in b]))
R = min(W, H) / 9
splinters = []
for _ in range(60):
    a = r.uniform(0, 360); d0 = r.uniform(0, R); d1 = d0 + r.uniform(R * 0.1, R * 0.35)
    a1 = a + r.uniform(-25, 25)
    splinters.append(poly([(cx + d0 * math.cos(math.radians(a)), cy + d0 * math.sin(math.radians(a))),
                           (cx + d1 * math.cos(math.radians(a1)), cy + d1 * math.sin(math.radians(a1)))]))
out = [f"fill #ffffff20 stroke none circle {cx:.0f},{cy:.0f} {cx + R:.0f},{cy:.0f}", "fill none"]
out += [f"stroke #00000050 stroke-width {sw:.1f} polyline {p}" for p in dark]
out += [f"stroke #ffffffe0 stroke-width {sw:.1f} polyline {p}" for p in bright]
out += [f"stroke #ffffffb0 stroke-width {sw * 0.8:.1f} polyline {p}" for p in splinters]
print(" ".join(out))
PYEOF
)
      B=$(((W < H ? W : H) / 22)); W2=$((W + 2 * B)); H2=$((H + 2 * B))
      local S=$(((W2 > H2 ? W2 : H2) * 3 / 2))
      convert "$base" -shave 40x40 +repage -draw "$cracks" \
        \( -size "${W}x${H}" xc:black \( -size "$((2 * GR))x$((2 * GR))" radial-gradient:'#8a8a8a'-black \) \
           -geometry "+$((GX - GR))+$((GY - GR))" -compose lighten -composite \) -compose screen -composite \
        -compose over -bordercolor '#0b0b0c' -border "$B" \
        \( -size "${S}x${S}" gradient: -function Sinusoid "$((S / 5)),0,0.02,0.98" -rotate 4 \
           \( -size "${S}x${S}" gradient: -function Sinusoid "$((S / 5 + S / 60)),0,0.02,0.98" -rotate -3 \) \
           -compose multiply -composite -gravity center -crop "${W2}x${H2}+0+0" +repage +gravity \) \
        -compose multiply -composite \
        -compose over -bordercolor '#5d544b' -border "$((B * 2))" \
        -blur 0x0.6 -background '#4f473f' -virtual-pixel background \
        -distort Perspective "0,0 $((W2 / 30)),$((H2 / 40))  $((W2 + 4 * B)),0 $((W2 + 4 * B - W2 / 45)),$((H2 / 70))  0,$((H2 + 4 * B)) $((W2 / 60)),$((H2 + 4 * B - H2 / 45))  $((W2 + 4 * B)),$((H2 + 4 * B)) $((W2 + 4 * B - W2 / 35)),$((H2 + 4 * B - H2 / 55))" \
        \( +clone -sparse-color Barycentric "0,0 #ffffff %[fx:w],%[fx:h] #bdbdbd" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.3 +noise Gaussian -quality 85 "$f" ;;
    handshadow)
      # A phone photo taken under a ceiling light (unseen57): the lamp is
      # above and a little behind the patient, so the phone and the hand
      # holding it cast a soft dark shadow over part of the page, a rounded
      # blob coming in from one edge (the phone's body nearer the middle,
      # the hand and wrist running off the edge), darker at its core (the
      # paper there at about half the light of the rest) and fading over a
      # wide soft penumbra, as a ceiling light's broad source draws it; it
      # covers at most about a third of the page and the rest is lit
      # normally. Which edge (top, bottom, left or right), where along it,
      # the blob's size (85-115%) and its core's darkness (46-56% of the
      # light) are drawn from SEED and the document; then the page on a
      # table, slight perspective, light falling off a little, noise, JPEG
      # 85. Not harsh: the print in the shadow stays dark on a grey paper
      # and legible at a glance.
      f=$docs/$n.handshadow.jpg
      local B W2 H2 edge MW MH PW PH cx sz core rot bl
      B=$(((W < H ? W : H) / 18)); W2=$((W + 2 * B)); H2=$((H + 2 * B))
      edge=$(pick "$n handshadow edge" "$seed" 4)
      # The mask is drawn for a shadow from the top edge and turned to its
      # edge: MW along that edge, MH across it; PW and PH the page's share.
      if ((edge < 2)); then MW=$W2 MH=$H2 PW=$W PH=$H; else MW=$H2 MH=$W2 PW=$H PH=$W; fi
      cx=$((MW * (30 + $(pick "$n handshadow along" "$seed" 41)) / 100))
      sz=$((85 + $(pick "$n handshadow size" "$seed" 31)))
      core=$((46 + $(pick "$n handshadow core" "$seed" 11)))
      bl=$(((PW < PH ? PW : PH) * sz / 1600 + 4))
      convert -size "${MW}x${MH}" xc:white -fill "gray$core" \
        -draw "roundrectangle $((cx - PW * 13 * sz / 10000)),$((B + PH * 6 * sz / 1000 / 10)) $((cx + PW * 13 * sz / 10000)),$((B + PH * 30 * sz / 10000)) $((PW * 3 / 100)),$((PW * 3 / 100))" \
        -draw "ellipse $((cx + PW * 4 / 100)),$B $((PW * 17 * sz / 10000)),$((PH * 22 * sz / 10000)) 0,360" \
        -draw "rectangle $((cx - PW * 4 / 100)),0 $((cx + PW * 12 / 100)),$B" \
        -blur "0x$bl" "$docs/$n.hs-mask.png"
      case $edge in
        0) rot=0 ;; 1) rot=180 ;; 2) rot=-90 ;; *) rot=90 ;;
      esac
      convert "$base" -bordercolor '#8d7f70' -border "$B" \
        \( "$docs/$n.hs-mask.png" -rotate "$rot" +repage -resize "${W2}x${H2}!" \) -compose multiply -composite \
        -background '#7a6d60' -virtual-pixel background \
        -distort Perspective "0,0 $((W2 / 70)),$((H2 / 60))  $W2,0 $((W2 - W2 / 55)),$((H2 / 90))  0,$H2 $((W2 / 90)),$((H2 - H2 / 70))  $W2,$H2 $((W2 - W2 / 60)),$((H2 - H2 / 55))" \
        \( -size "${W2}x${H2}" radial-gradient:white-'#d2d2d2' \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.hs-mask.png" ;;
    tapeglare)
      # A phone photo of a label with a strip of clear adhesive tape stuck
      # across part of it (unseen55), as patients tape a label back on or
      # over a pen box: the tape (28% of the label's height wide, 50-320 px)
      # runs across the whole label and past its edges onto the box; its two
      # edges a faint line (a thin shadow beside a thin bright rim); the
      # print under it slightly washed (black lifted about 14%), blurred
      # (sigma 1) and tinted by the film; a bright glare streak along it
      # where it catches the room's light (a soft band a fifth of the
      # tape's width, the print under it lifted to grey, at most about 42%
      # of the way to white, strongest in the middle of its run and fading
      # to its ends). Where it lies the document says, so that it never
      # hides a field a case measures: <meta name="heldout-tapeglare"
      # content="Y0 Y1">, the tape's centre line at Y0 of the label's
      # height at its left edge and Y1 at its right (fractions of the page
      # inside its white border); without it, drawn from SEED and the
      # document. The streak's place across the tape and its strength are
      # drawn from SEED and the document; then on the box or a table:
      # slight perspective, light falling off, noise, JPEG 85. Not harsh:
      # the print under the tape and the streak stays legible.
      f=$docs/$n.tapeglare.jpg
      local spec y0 y1 B W2 H2 T ya yb ga gs sx0 sx1
      spec=$(sed -n 's/.*name="heldout-tapeglare" content="\([^"]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      if [[ -n $spec ]]; then
        read -r y0 y1 <<<"$spec"
      else
        y0=$(awk "BEGIN{print (25 + $(pick "$n tapeglare place" "$seed" 50)) / 100}")
        y1=$(awk "BEGIN{print $y0 + ($(pick "$n tapeglare tilt" "$seed" 17) - 8) / 100}")
      fi
      B=$((W / 14)); W2=$((W + 2 * B)); H2=$((H + 2 * B))
      T=$((H * 28 / 100)); ((T > 320)) && T=320; ((T < 50)) && T=50
      # The centre line across the bordered image (the label's own edges at B and B+W).
      ya=$(awk "BEGIN{printf \"%d\", $B + 40 + $y0 * ($H - 80) - ($y1 - $y0) * ($H - 80) * $B / $W}")
      yb=$(awk "BEGIN{printf \"%d\", $B + 40 + $y1 * ($H - 80) + ($y1 - $y0) * ($H - 80) * $B / $W}")
      ga=$(( $(pick "$n tapeglare streak" "$seed" 41) - 20 ))   # streak's offset across the tape, % of T/2
      gs=$((34 + $(pick "$n tapeglare strength" "$seed" 9)))    # streak's peak, % towards white
      sx0=$((W2 * $(pick "$n tapeglare run" "$seed" 20) / 100)); sx1=$((sx0 + W2 * 55 / 100))
      # The tape's mask, its edge lines, the streak.
      convert -size "${W2}x${H2}" xc:black -fill white \
        -draw "polygon 0,$((ya - T / 2)) $W2,$((yb - T / 2)) $W2,$((yb + T / 2)) 0,$((ya + T / 2))" -blur 0x0.8 "$docs/$n.tg-mask.png"
      convert -size "${W2}x${H2}" xc:none -fill none \
        -stroke 'rgba(0,0,0,0.20)' -strokewidth 2 \
        -draw "line 0,$((ya - T / 2 + 2)) $W2,$((yb - T / 2 + 2))" -draw "line 0,$((ya + T / 2 + 2)) $W2,$((yb + T / 2 + 2))" \
        -stroke 'rgba(255,255,255,0.55)' -strokewidth 2 \
        -draw "line 0,$((ya - T / 2)) $W2,$((yb - T / 2))" -draw "line 0,$((ya + T / 2)) $W2,$((yb + T / 2))" \
        -blur 0x0.6 "$docs/$n.tg-edges.png"
      # The streak: a soft band with a brighter core, strongest in the middle of its run.
      convert -size "${W2}x${H2}" xc:black -stroke white \
        -strokewidth $((T / 6)) -draw "line 0,$((ya + ga * T / 200)) $W2,$((yb + ga * T / 200))" -blur "0x$((T / 16 + 1))" \
        \( -size "${W2}x${H2}" xc:black -stroke white -strokewidth $((T / 28 + 2)) \
           -draw "line 0,$((ya + ga * T / 200)) $W2,$((yb + ga * T / 200))" -blur 0x1.5 \) -compose lighten -composite \
        \( -size "${W2}x1" xc: -fx "0.5 + 0.5 * cos(pi * min(1, abs(i - $(((sx0 + sx1) / 2))) / $(((sx1 - sx0) / 2))))" -scale "${W2}x${H2}!" \) -compose multiply -composite \
        -evaluate multiply "0.$gs" "$docs/$n.tg-glare.png"
      # The room's light falls off across the label before the glare is
      # added, so the streak shows brighter than the paper round it.
      convert "$base" -bordercolor '#c9ced3' -border "$B" \
        \( +clone -blur 0x1 +level 14%,100% -fill '#fff6dc' -colorize 7% \) "$docs/$n.tg-mask.png" -compose over -composite \
        \( -size "${W2}x${H2}" xc: -sparse-color Barycentric "0,0 #ececec $W2,$H2 #b8b8b8" \) -compose multiply -composite \
        "$docs/$n.tg-glare.png" -compose screen -composite \
        "$docs/$n.tg-edges.png" -compose over -composite \
        -background '#8f8a82' -virtual-pixel background \
        -distort Perspective "0,0 $((W2 / 55)),$((H2 / 45))  $W2,0 $((W2 - W2 / 50)),$((H2 / 70))  0,$H2 $((W2 / 80)),$((H2 - H2 / 55))  $W2,$H2 $((W2 - W2 / 45)),$((H2 - H2 / 50))" \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.tg-mask.png" "$docs/$n.tg-edges.png" "$docs/$n.tg-glare.png" ;;
    invert)
      # A screenshot taken with the phone's accessibility colour inversion on
      # (unseen59), as people with light sensitivity or migraine keep it: the
      # screen's colours inverted, so print is light on a dark ground. Which
      # mode is drawn from SEED and the document: Classic Invert (Android's
      # "Colour inversion" too) negates every pixel, so colours turn to their
      # complements (a blue header orange); Smart Invert negates the page and
      # then turns its colours half round the colour wheel, so a blue header
      # stays blue-ish and dark, as Smart Invert and the CSS
      # `invert(1) hue-rotate(180deg)` it resembles leave hues (this set's
      # pages hold no photo for it to leave alone). The screen's own status
      # bar is part of the page and inverted with it. A screenshot: lossless
      # PNG, no noise. Not harsh: the inversion keeps every stroke and its
      # contrast; only light and dark change places.
      f=$docs/$n.invert.png
      if (($(pick "$n invert" "$seed" 2) == 0)); then
        convert "$base" -channel RGB -negate +channel "$f"
      else
        convert "$base" -channel RGB -negate +channel -modulate 100,100,0 "$f"
      fi ;;
    freescanner)
      # A page scanned with a free scanner app that stamps its brand on what
      # it saves (unseen60): the app's clean scan (grey, levelled: paper
      # whitened, print darkened; a skew of up to 0.4 degrees; a little
      # noise; at most 1700 px across, 200 dpi on a letter or A4 sheet),
      # the sheet's own bottom margin below the print, then the free
      # version's branding: a translucent watermark of the app's name beside
      # its logo (a page with a folded corner inside scan brackets) across
      # the middle of the page at an angle of 18-32 degrees, in the app's
      # colour at about a fifth of its strength and multiplied, so the print
      # under it stays black; and an opaque footer strip in the app's colour
      # over the sheet's bottom edge, "Scanned with" and the app's name and
      # logo in white, on the margin below the print. The app (of four
      # invented ones, each with its colour), the angle and the skew are
      # drawn from SEED and the document. Saved as the app shares it: a
      # one-page PDF of the image (JPEG 80), no text layer. Not harsh: the
      # print stays black and plain; the watermark only tints the paper.
      f=$docs/$n.freescanner.pdf
      local apps=("Scanlark" "PaperFox Scanner" "DocuBee Free" "ScanNook") cols=("#1f6fd1" "#e0661b" "#2a9d5b" "#8a3fc7")
      local k app col ang sk Ws Hs S ps L fb=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
      k=$(pick "$n freescanner app" "$seed" 4); app=${apps[$k]} col=${cols[$k]}
      ang=$((-18 - $(pick "$n freescanner angle" "$seed" 15)))
      sk=$(awk "BEGIN{print ($(pick "$n freescanner skew" "$seed" 9) - 4) / 10}")
      convert "$base" -colorspace Gray -resize '1700x>' -background white -rotate "$sk" +repage \
        -level 7%,90% -seed "$seed" -attenuate 0.08 +noise Gaussian "$docs/$n.fs-scan.png"
      Ws=$(identify -format %w "$docs/$n.fs-scan.png"); Hs=$(identify -format %h "$docs/$n.fs-scan.png")
      S=$((Ws / 24)); ((S < 40)) && S=40
      # The logo: a page with a folded corner and three lines, inside scan brackets.
      logo() { # SIZE COLOUR OUT
        local z=$1 q=$(($1 / 8))
        convert -size "${z}x${z}" xc:none -fill none -stroke "$2" -strokewidth $((z / 14 + 1)) \
          -draw "polyline $q,$((3 * q)) $q,$q $((3 * q)),$q" -draw "polyline $((z - 3 * q)),$q $((z - q)),$q $((z - q)),$((3 * q))" \
          -draw "polyline $q,$((z - 3 * q)) $q,$((z - q)) $((3 * q)),$((z - q))" -draw "polyline $((z - 3 * q)),$((z - q)) $((z - q)),$((z - q)) $((z - q)),$((z - 3 * q))" \
          -fill "$2" -stroke none -draw "polygon $((5 * q / 2)),$((2 * q)) $((5 * q)),$((2 * q)) $((11 * q / 2)),$((5 * q / 2)) $((11 * q / 2)),$((6 * q)) $((5 * q / 2)),$((6 * q))" \
          -fill white -draw "polygon $((5 * q)),$((2 * q)) $((11 * q / 2)),$((2 * q)) $((11 * q / 2)),$((5 * q / 2))" \
          -draw "rectangle $((13 * q / 4)),$((13 * q / 4)) $((19 * q / 4)),$((27 * q / 8))" \
          -draw "rectangle $((13 * q / 4)),$((4 * q)) $((19 * q / 4)),$((33 * q / 8))" \
          -draw "rectangle $((13 * q / 4)),$((19 * q / 4)) $((17 * q / 4)),$((39 * q / 8))" "$3"
      }
      # The watermark, its size from the page's shorter side.
      ps=$(((Ws < Hs ? Ws : Hs) / 10))
      logo $((ps * 3 / 2)) "$col" "$docs/$n.fs-logo.png"
      convert -background none -fill "$col" -font "$fb" -pointsize "$ps" label:"$app" "$docs/$n.fs-name.png"
      convert "$docs/$n.fs-logo.png" "$docs/$n.fs-name.png" -background none -gravity center +smush $((ps / 3)) \
        -rotate "$ang" -channel A -evaluate multiply 0.2 +channel "$docs/$n.fs-wm.png"
      # The footer strip.
      L=$((S * 4 / 5))
      logo "$L" white "$docs/$n.fs-slogo.png"
      convert -background none -fill white -font "$fb" -pointsize $((S * 9 / 20)) label:"Scanned with $app" "$docs/$n.fs-stext.png"
      convert -size "${Ws}x${S}" xc:"$col" \( "$docs/$n.fs-slogo.png" "$docs/$n.fs-stext.png" -background none -gravity center +smush $((S / 4)) \) \
        -gravity east -geometry +$((S / 2))+0 -compose over -composite "$docs/$n.fs-strip.png"
      convert "$docs/$n.fs-scan.png" -background white -gravity south -splice 0x$((S * 2)) -colorspace sRGB -type TrueColor \
        "$docs/$n.fs-wm.png" -gravity center -compose multiply -composite \
        "$docs/$n.fs-strip.png" -gravity south -compose over -composite \
        -quality 80 "$docs/$n.freescanner.jpg"
      jpegs_to_pdf "$f" 200 "$docs/$n.freescanner.jpg"
      rm -f "$docs/$n.fs-"*.png "$docs/$n.freescanner.jpg" ;;
    raindrops)
      # A phone photo of the page taken outdoors in light rain, or with a wet
      # hand (unseen58): a few dozen round water drops sit on the paper, each
      # a small lens that magnifies the print under it (by 1.1-1.25x) and
      # shifts it by up to a pixel and a half, with a bright highlight
      # towards the sky, a faint bright caustic and a soft shadow rim on
      # the far side; a few have run into short
      # streaks (an elongated tail above a drop, a weaker lens); the wet
      # paper under a drop is a little greyer and cooler. The drops' count
      # (28-40, 4-6 of them streaks), radii (about 1/110 to 1/45 of the
      # page's width), places, magnification and shift are drawn from SEED
      # and the document; most of the page stays dry and sharp. The lens is
      # a displacement map (ImageMagick's -compose displace, a ramp per drop
      # with a soft edge); then the photo under a grey sky: the page on a
      # weathered table, slight perspective, light falling off, a faint cool
      # cast, noise, JPEG 85. Not harsh: the print under a drop is enlarged
      # and slightly moved, never hidden.
      f=$docs/$n.raindrops.jpg
      local A=40 B l xs=() ys=() shade=() shine=()
      B=$(((W < H ? W : H) / 16))
      convert -size 256x256 xc: -fx '1-i/(w-1)' \
        \( -size 256x256 xc: -fx 'rr=hypot(i-w/2+0.5,j-h/2+0.5)/(w/2); rr<0.6?1:(rr<1?(1-rr)/0.4:0)' \) \
        -alpha off -compose copy_opacity -composite "$docs/$n.rd-x.png"
      convert "$docs/$n.rd-x.png" -rotate 90 "$docs/$n.rd-y.png"
      python3 - "$n" "$seed" "$W" "$H" "$A" "$docs/$n.rd-lens.txt" "$docs/$n.rd-shade.mvg" "$docs/$n.rd-shine.mvg" <<'EOF'
import math, random, sys
n, seed, W, H, A = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
r = random.Random(f"{n} raindrops {seed}")
drops = []  # x, y, rx, ry, angle, magnification gain, shift x, shift y
count, streaks = r.randint(28, 40), r.randint(4, 6)
for k in range(count):
    R = r.uniform(W / 110, W / 45)
    x, y = r.uniform(R, W - R), r.uniform(R, H - R)
    g = r.uniform(0.10, 0.20)  # 1 - 1/m for m of 1.11-1.25
    a, d = r.uniform(0, 2 * math.pi), r.uniform(0.3, 1.5)
    if k < streaks:
        # A drop that ran: a tail above it (narrower, weaker), its head below.
        L = R * r.uniform(2.5, 4.5)
        ang = r.uniform(-18, 18)
        tx, ty = x - math.sin(math.radians(ang)) * L / 2, y - math.cos(math.radians(ang)) * L / 2
        drops.append((tx, ty, R * 0.55, L / 2, ang, g * 0.6, 0.0, 0.0))
    drops.append((x, y, R, R * r.uniform(0.92, 1.0), 0.0, g, d * math.cos(a), d * math.sin(a)))
with open(sys.argv[6], "w") as lens, open(sys.argv[7], "w") as sh, open(sys.argv[8], "w") as hi:
    for x, y, rx, ry, ang, g, ox, oy in drops:
        w, h = 2 * rx, 2 * ry
        c, s = abs(math.cos(math.radians(ang))), abs(math.sin(math.radians(ang)))
        bw, bh = w * c + h * s, w * s + h * c
        sx, sy = rx * g / A, ry * g / A
        xlo, xhi = 50 - sx * 50 + ox / (2 * A) * 100, 50 + sx * 50 + ox / (2 * A) * 100
        ylo, yhi = 50 - sy * 50 + oy / (2 * A) * 100, 50 + sy * 50 + oy / (2 * A) * 100
        lens.write(f"{max(2, round(w))} {max(2, round(h))} {ang:.1f} {round(x - bw / 2):+d}{round(y - bh / 2):+d} "
                   f"{xlo:.2f} {xhi:.2f} {ylo:.2f} {yhi:.2f}\n")
        t = f"translate {x:.1f},{y:.1f} rotate {ang:.1f}"
        sh.write(f"{t} fill #e6ebee stroke rgba(60,68,76,0.22) stroke-width {max(1.0, rx / 10):.1f} "
                 f"ellipse 0,0 {rx * 0.97:.1f},{ry * 0.97:.1f} 0,360\n")
        sh.write(f"{t} fill none stroke rgba(50,58,66,0.30) stroke-width {max(1.2, rx / 7):.1f} "
                 f"ellipse {rx * 0.04:.1f},{ry * 0.07:.1f} {rx * 0.95:.1f},{ry * 0.95:.1f} 15,165\n")
        hi.write(f"{t} fill rgba(255,255,255,0.8) stroke none ellipse {-rx * 0.36:.1f},{-ry * 0.42:.1f} "
                 f"{max(1.2, rx * 0.18):.1f},{max(1, ry * 0.1):.1f} 0,360\n")
        hi.write(f"{t} fill rgba(255,255,255,0.3) stroke none ellipse {rx * 0.25:.1f},{ry * 0.52:.1f} "
                 f"{max(1.2, rx * 0.36):.1f},{max(1, ry * 0.13):.1f} 0,360\n")
EOF
      local w h ang geo xlo xhi ylo yhi
      while read -r w h ang geo xlo xhi ylo yhi; do
        xs+=(\( "$docs/$n.rd-x.png" -resize "${w}x${h}!" -channel RGB +level "${xlo}%,${xhi}%" +channel -background none -rotate "$ang" \) -geometry "$geo" -composite)
        ys+=(\( "$docs/$n.rd-y.png" -resize "${w}x${h}!" -channel RGB +level "${ylo}%,${yhi}%" +channel -background none -rotate "$ang" \) -geometry "$geo" -composite)
      done <"$docs/$n.rd-lens.txt"
      # One -draw per shape (this ImageMagick's policy forbids reading @files).
      while IFS= read -r l; do shade+=(-draw "$l"); done <"$docs/$n.rd-shade.mvg"
      while IFS= read -r l; do shine+=(-draw "$l"); done <"$docs/$n.rd-shine.mvg"
      convert -size "${W}x${H}" xc:gray50 -compose over "${xs[@]}" -alpha off "$docs/$n.rd-mx.png"
      convert -size "${W}x${H}" xc:gray50 -compose over "${ys[@]}" -alpha off "$docs/$n.rd-my.png"
      convert -size "${W}x${H}" xc:white "${shade[@]}" -blur 0x1.4 "$docs/$n.rd-shade.png"
      convert -size "${W}x${H}" xc:none "${shine[@]}" -blur 0x0.8 "$docs/$n.rd-shine.png"
      convert "$base" "$docs/$n.rd-mx.png" "$docs/$n.rd-my.png" -compose displace -define compose:args="${A}x${A}" -composite \
        "$docs/$n.rd-shade.png" -compose multiply -composite -evaluate multiply 0.9 \
        "$docs/$n.rd-shine.png" -compose over -composite \
        -bordercolor '#6d716c' -border "$B" \
        -background '#5f635e' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 45)),$((H / 40))  $((W + 2 * B)),0 $((W + 2 * B - W / 50)),$((H / 70))  0,$((H + 2 * B)) $((W / 70)),$((H + 2 * B - H / 45))  $((W + 2 * B)),$((H + 2 * B)) $((W + 2 * B - W / 40)),$((H + 2 * B - H / 50))" \
        \( +clone -sparse-color Barycentric "0,0 #fafcff %[fx:w],%[fx:h] #bcc1c6" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n".rd-* ;;
    nightshift)
      # A screenshot taken with the phone's Night Shift or a blue-light
      # filter on, or with "reduce white point" (unseen63): an Android
      # filter app draws its tint as an overlay, and a laptop's night light
      # or a screen shared from such a phone keeps it, so the screenshot
      # sent is the tinted screen. The whole screen warm orange: green kept
      # at 74-86% and blue at 40-60% (a little of red and green mixed back
      # into blue, so blues go muddy rather than black), a little
      # desaturated, and dimmer (84-92%, the lowered white point), so whites
      # turn cream; the warmth and the dimming drawn from SEED and the
      # document. Nothing is blurred, moved or covered: a lossless PNG, as a
      # screenshot is. Not harsh: the print stays crisp and dark on a cream
      # ground.
      f=$docs/$n.nightshift.png
      local w d gf bf
      w=$(pick "$n nightshift warmth" "$seed" 5) d=$(pick "$n nightshift dim" "$seed" 5)
      gf=$(awk "BEGIN{print 0.86 - 0.03 * $w}") bf=$(awk "BEGIN{print 0.60 - 0.05 * $w}")
      convert "$base" -alpha off -modulate 100,88 \
        -color-matrix "1 0 0  0.03 $gf 0  0.06 0.04 $bf" \
        -evaluate multiply "$(awk "BEGIN{print 0.84 + 0.02 * $d}")" "$f" ;;
    stickynote)
      # A phone photo of the page with a yellow sticky note stuck on it, the
      # patient's own reminder written on it (unseen62): an injection day, a
      # clinic's or a nurse's telephone number, in a handwriting-like font
      # (DejaVu Serif Italic, DejaVu Sans Oblique or Liberation Sans Italic,
      # in a pen's blue, a black felt tip or a red one; the lines a little
      # turned and wavy). The note is a square of yellow paper (a little
      # lighter at its glued top than at its free foot), turned by up to 7
      # degrees; its lower edge curls up off the page a little (the foot
      # foreshortened, the lifted strip shaded, a thin highlight on its
      # rim) and it casts a soft shadow, stronger and wider under the curl.
      # Where it lies and what it says the document says, so that it covers
      # no field a case measures: <meta name="heldout-stickynote"
      # content="X Y S|line|line...">, the note's centre at X of the page's
      # width and Y of its height and its side S of the width (fractions of
      # the page inside its white border); without it, the emptiest of six
      # spots near the page's edges (the fewest dark pixels under the note),
      # a side of a fifth of the width, and a day drawn from the days of the
      # week. The turn, the font, the ink, the curl and the wobble are drawn
      # from SEED and the document; then the page on a table: slight
      # perspective, light falling off, noise, JPEG 85. Not harsh: the note
      # hides only the part of the page under it, which holds no field, and
      # the rest reads as in any phone photo.
      f=$docs/$n.stickynote.jpg
      local spec geo txt sx sy sf S PW PH cx cy ang font ink curl wob B W2 H2 T
      spec=$(sed -n 's/.*name="heldout-stickynote" content="\([^"]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      PW=$((W - 80)) PH=$((H - 80))
      if [[ -n $spec ]]; then
        geo=${spec%%|*} txt=${spec#*|}
        read -r sx sy sf <<<"$geo"
      else
        sf=0.2
        local best=2 spot m
        S=$(awk "BEGIN{printf \"%d\", $PW * $sf}")
        for spot in "0.15 0.12" "0.85 0.12" "0.15 0.88" "0.85 0.88" "0.15 0.5" "0.85 0.5"; do
          read -r cx cy <<<"$spot"
          m=$(convert "$base" -crop "${S}x${S}+$(awk "BEGIN{printf \"%d\", 40 + $cx * $PW - $S / 2}")+$(awk "BEGIN{printf \"%d\", 40 + $cy * $PH - $S / 2}")" +repage \
            -colorspace Gray -threshold 60% -negate -format '%[fx:mean]' info:)
          if awk "BEGIN{exit !($m < $best)}"; then best=$m sx=$cx sy=$cy; fi
        done
        local days=(MONDAY TUESDAY WEDNESDAY THURSDAY FRIDAY SATURDAY SUNDAY)
        txt="pen day|${days[$(pick "$n stickynote day" "$seed" 7)]}"
      fi
      S=$(awk "BEGIN{s = $PW * $sf; if (s < 120) s = 120; printf \"%d\", s}")
      cx=$(awk "BEGIN{printf \"%d\", 40 + $sx * $PW}"); cy=$(awk "BEGIN{printf \"%d\", 40 + $sy * $PH}")
      ang=$(awk "BEGIN{print ($(pick "$n stickynote turn" "$seed" 141) - 70) / 10}")
      case $(pick "$n stickynote font" "$seed" 3) in
        0) font=DejaVu-Serif-Italic ;; 1) font=DejaVu-Sans-Oblique ;; *) font=Liberation-Sans-Italic ;;
      esac
      case $(pick "$n stickynote ink" "$seed" 3) in
        0) ink='#1d3a9e' ;; 1) ink='#1b1b1f' ;; *) ink='#b3202a' ;;
      esac
      curl=$((6 + $(pick "$n stickynote curl" "$seed" 5)))   # the foot lifted by curl% of the side
      wob=$((S * (6 + $(pick "$n stickynote wobble" "$seed" 6)) / 10))
      T=$((S * 13 / 10))   # the note's canvas, room for its shadow
      # The reminder: one line of the note to a line of text, fitted to the
      # note's writing area, turned a little, its baseline wavy.
      convert -background none -fill "$ink" -font "$font" -size "$((S * 84 / 100))x$((S * 66 / 100))" -gravity west \
        caption:"${txt//|/$'\n'}" -trim +repage -background none -rotate "$(awk "BEGIN{print 0 - ($ang) / 3 - 1.5}")" \
        -wave "$((S / 90 + 1))x$wob" "$docs/$n.sn-text.png"
      # The note, its glued top lighter than its foot; the lifted strip at the
      # foot shaded, a thin bright rim at its edge; then the curl itself: the
      # foot drawn in (foreshortened) and its corners pulled up and in.
      convert -size "${S}x${S}" gradient:'#fff38f'-'#f7db4c' \
        \( -size "${S}x$((S * 22 / 100))" gradient:'#ffffff'-'#cdbd86' \) -gravity south -compose multiply -composite \
        -fill 'rgba(255,255,240,0.75)' -draw "rectangle 0,$((S - 2 - S / 150)) $S,$((S - 1))" \
        "$docs/$n.sn-text.png" -gravity center -geometry +0+$((S / 30)) -compose over -composite +gravity \
        -alpha set -background none -virtual-pixel transparent \
        -distort Perspective "0,0 0,0  $S,0 $S,0  0,$S $((S * curl / 200)),$((S - S * curl / 100))  $S,$S $((S - S * curl / 140)),$((S - S * curl * 13 / 1000))" \
        "$docs/$n.sn-note.png"
      # The shadow: the note's shape a little down and right, soft; under
      # the curl a wider, darker band below the foot.
      convert -size "${T}x${T}" xc:none -fill 'rgba(0,0,0,0.32)' \
        -draw "polygon $((S * 15 / 100 + S / 70)),$((S * 15 / 100 + S / 50)) $((S * 115 / 100 + S / 70)),$((S * 15 / 100 + S / 50)) $((S * 115 / 100 + S / 70)),$((S * 115 / 100 + S / 40)) $((S * 15 / 100 + S / 70)),$((S * 115 / 100 + S / 40))" \
        -fill 'rgba(0,0,0,0.30)' -draw "polygon $((S * 17 / 100)),$((S * 105 / 100)) $((S * 115 / 100)),$((S * 103 / 100)) $((S * 117 / 100)),$((S * 115 / 100 + S * curl / 160)) $((S * 19 / 100)),$((S * 115 / 100 + S * curl / 200))" \
        -channel A -blur "0x$((S / 28 + 2))" +channel \
        "$docs/$n.sn-note.png" -geometry +$((S * 15 / 100))+$((S * 15 / 100)) -compose over -composite \
        -background none -rotate "$ang" +repage "$docs/$n.sn-all.png"
      local NW NH
      NW=$(identify -format %w "$docs/$n.sn-all.png"); NH=$(identify -format %h "$docs/$n.sn-all.png")
      B=$(((W < H ? W : H) / 18)); W2=$((W + 2 * B)); H2=$((H + 2 * B))
      convert "$base" "$docs/$n.sn-all.png" -geometry "+$((cx - NW / 2))+$((cy - NH / 2))" -compose over -composite \
        -bordercolor '#7c6f62' -border "$B" \
        -background '#6f6357' -virtual-pixel background \
        -distort Perspective "0,0 $((W2 / 60)),$((H2 / 70))  $W2,0 $((W2 - W2 / 55)),$((H2 / 90))  0,$H2 $((W2 / 80)),$((H2 - H2 / 60))  $W2,$H2 $((W2 - W2 / 50)),$((H2 - H2 / 70))" \
        \( -size "${W2}x${H2}" xc: -sparse-color Barycentric "0,0 #ffffff $W2,$H2 #c4c4c4" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n".sn-*.png ;;
    webcam)
      # A frame from a telehealth video call, the patient holding the page
      # up to a laptop's webcam to show it (unseen61): a 1280x720 frame; the
      # page, held in both hands (fingers round its left and right edges,
      # over its white border only), fills about half of it (its turned
      # outline fitted in 60% of the frame's width and 94% of its height),
      # turned by 2-5 degrees and tilted back a little (its top edge
      # narrower, perspective); behind it the room, out of focus (a wall in
      # one of four colours, a window's bright square, a bookshelf, a
      # picture) and the patient's shoulders and the top of their head
      # above the page. The webcam's look: a soft fixed focus (sigma 0.7),
      # its white balance a little warm or cool, light falling off to the
      # corners, sensor noise, then the video codec: chroma halved and 8x8
      # blocking (JPEG quality 40-50 standing in for the call's bitrate).
      # Over it the call's own layer: the clinician's tile (a silhouette,
      # "Clinician" and a microphone) in one corner, clear of the page (the
      # page moved a little away from it). The turn, the wall, the tint, the
      # corner, the codec quality and the page's place drawn from SEED and
      # the document; the saved frame JPEG 90. Not harsh: a person reads
      # every field at a glance; the print is soft and blocky, not lost.
      f=$docs/$n.webcam.jpg
      local wp wc=() wb=() wall tint corner q PW PH ang dx dy x0 y0 tx ty l
      wp=$(python3 - "$n" "$seed" "$W" "$H" "$docs/$n.wc-room.mvg" "$docs/$n.wc-hands.mvg" <<'EOF'
import math, random, sys
n, seed, W, H = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
r = random.Random(f"{n} webcam {seed}")
FW, FH = 1280, 720
ang = r.choice((-1, 1)) * r.uniform(2, 5)
a = math.radians(abs(ang))
# The page's turned outline fitted in 60% x 94% of the frame.
s = min(FW * 0.60 / (W * math.cos(a) + H * math.sin(a)), FH * 0.94 / (W * math.sin(a) + H * math.cos(a)))
PW, PH = round(W * s), round(H * s)
corner = r.randrange(4)  # 0 top left, 1 top right, 2 bottom right, 3 bottom left
away = 1 if corner in (0, 3) else -1
cx = FW / 2 + away * r.uniform(6, 16)
cy = FH / 2 + r.uniform(-6, 6)
walls = ["#c9bda8", "#a9b8c2", "#cfc6b8", "#b7c1a8"]
wall = r.choice(walls)
tint = r.choice(["#ffcf99", "#a8c8ff"])
q = r.randint(40, 50)
with open(sys.argv[5], "w") as m:
    wx = r.choice((60, 860))
    m.write(f"fill #f4f6f2 rectangle {wx},40 {wx + 300},330\n")
    m.write(f"fill #d9dcd6 rectangle {wx + 146},40 {wx + 154},330\n")
    bx = 900 if wx == 60 else 40
    m.write(f"fill #6b4a2e rectangle {bx},120 {bx + 330},720\n")
    for shelf in range(4):
        y = 150 + shelf * 140
        x = bx + 12
        while x < bx + 310:
            w = r.randint(14, 30)
            h = r.randint(80, 120)
            col = r.choice(["#8c2f2f", "#2f4f8c", "#d8c27a", "#3f6b4a", "#e6e0d4", "#5a3d6e", "#b5651d"])
            m.write(f"fill {col} rectangle {x},{y + 120 - h} {x + w},{y + 120}\n")
            x += w + r.randint(1, 4)
        m.write(f"fill #4a321e rectangle {bx},{y + 120} {bx + 330},{y + 132}\n")
    px = 470 + r.randint(-40, 40)
    m.write(f"fill #3b3b3b rectangle {px},30 {px + 150},140\n")
    m.write(f"fill #8fa7b8 rectangle {px + 8},38 {px + 142},132\n")
    hair = r.choice(["#2b1d14", "#5a3b22", "#1a1a1a", "#8a6a45", "#b9b2a6"])
    skin = r.choice(["#e0b89a", "#c68f6a", "#8d5a3c", "#f0cdb4"])
    jumper = r.choice(["#3d5a80", "#7a2e3a", "#4b6b47", "#5b5b5b", "#c08a3e"])
    m.write(f"fill {jumper} ellipse {FW / 2:.0f},{FH + 60} 520,260 0,360\n")
    m.write(f"fill {skin} ellipse {FW / 2:.0f},150 100,125 0,360\n")
    m.write(f"fill {hair} ellipse {FW / 2:.0f},95 112,85 180,360\n")
with open(sys.argv[6], "w") as h:
    # Fingers round the left and right edges at their middle, reaching
    # three quarters of the page's white border in (the border is 40 px at the
    # page's scale).
    skin2 = skin
    reach = 40 * s * 0.75
    for side in (-1, 1):
        # The edge's middle, 1% in for the tilt's narrower top.
        ex = cx + side * (PW * 0.49 * math.cos(math.radians(ang)))
        ey = cy + side * (PW * 0.49 * math.sin(math.radians(ang)))
        for k, off in enumerate((-34, -4, 26)):
            fx = ex - side * reach + side * 22
            fy = ey + off * (1 + 0.1 * k)
            h.write(f"fill {skin2} stroke #00000030 stroke-width 1 ellipse {fx:.0f},{fy:.0f} 24,12 0,360\n")
        h.write(f"fill {skin2} ellipse {ex + side * 48:.0f},{ey + 60:.0f} 40,70 0,360\n")
print(PW, PH, f"{ang:.2f}", round(cx - PW / 2), round(cy - PH / 2), wall, tint, corner, q)
EOF
)
      read -r PW PH ang x0 y0 wall tint corner q <<<"$wp"
      while IFS= read -r l; do wc+=(-draw "$l"); done <"$docs/$n.wc-room.mvg"
      while IFS= read -r l; do wb+=(-draw "$l"); done <"$docs/$n.wc-hands.mvg"
      # The page: scaled, tilted back (top edge 4% narrower), turned, with
      # a soft shadow on the patient behind it.
      convert "$base" -resize "${PW}x${PH}!" -background none -virtual-pixel transparent \
        -distort Perspective "0,0 $((PW * 2 / 100)),0  $PW,0 $((PW - PW * 2 / 100)),0  0,$PH 0,$PH  $PW,$PH $PW,$PH" \
        -rotate "$ang" \( +clone -background black -shadow 50x8+6+8 \) +swap -background none -layers merge +repage "$docs/$n.wc-page.png"
      dx=$(( (PW - $(identify -format %w "$docs/$n.wc-page.png")) / 2 )); dy=$(( (PH - $(identify -format %h "$docs/$n.wc-page.png")) / 2 ))
      convert -size 1280x720 xc:"$wall" "${wc[@]}" -blur 0x6 \
        "$docs/$n.wc-page.png" -geometry "+$((x0 + dx))+$((y0 + dy))" -compose over -composite \
        "${wb[@]}" -blur 0x0.7 \
        -fill "$tint" -colorize 7% \
        \( -size 1280x720 radial-gradient:white-'#8a8a8a' -resize 1280x720! \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.35 +noise Gaussian \
        -sampling-factor 4:2:0 -quality "$q" "$docs/$n.wc-frame.jpg"
      # The clinician's tile in its corner, over the decoded frame.
      case $corner in
        0) tx=16 ty=16 ;; 1) tx=1044 ty=16 ;; 2) tx=1044 ty=580 ;; *) tx=16 ty=580 ;;
      esac
      convert -size 220x124 xc:'#2e3846' -fill '#4a5a70' -draw "rectangle 0,96 220,124" \
        -fill '#f2f2f2' -draw "ellipse 110,128 62,44 0,360" -fill '#c99a7a' -draw "ellipse 110,56 22,27 0,360" \
        -fill '#3a2a20' -draw "ellipse 110,38 24,14 180,360" \
        -fill '#00000099' -draw "rectangle 0,100 220,124" -fill white -font DejaVu-Sans -pointsize 13 -draw "text 8,117 'Clinician'" \
        -fill white -draw "roundrectangle 198,104 204,114 3,3" -draw "line 201,114 201,119" \
        -bordercolor '#6d7f96' -border 2 "$docs/$n.wc-tile.png"
      convert "$docs/$n.wc-frame.jpg" "$docs/$n.wc-tile.png" -geometry "+$tx+$ty" -compose over -composite -quality 90 "$f"
      rm -f "$docs/$n".wc-* ;;
    dotmatrix)
      # The page printed on an old impact dot-matrix printer with a tired
      # ribbon, as some pharmacies and surgeries still print labels, slips and
      # repeat forms on tractor-feed stationery, then photographed (unseen64).
      # The print is remade of the pins' dots: the page sampled on a 3 px grid
      # (about 7 dots to a capital at the pages' own scale, as a 9-pin head
      # has), each cell a pin struck or not, drawn 4 px apart as a round dot
      # 3 px across, the ink spreading a little. The ribbon's ink fades in soft
      # horizontal bands (the darkest print where the ribbon was fresh, the
      # faintest at about 55% of it, never less) and is a worn blue-black;
      # now and then the feed slipped and a band of rows (2-4 bands, 14-40 px
      # high) lies 1-2 px to the side. Down one edge (left or right) the
      # tractor-feed strip: holes 0.16 in across every 0.5 in, showing the
      # table through them, and the line of perforation between strip and
      # page. Then a phone photo on a table: slight perspective, light falling
      # off, noise, JPEG 85. The bands, the shifted rows, the strip's side and
      # the perspective are drawn from SEED and the document. Not harsh: every
      # field stays legible to a person; the dots and the fading are plain to
      # see, the words are not lost.
      f=$docs/$n.dotmatrix.jpg
      local GW GH FW FH dm side ops=() l b bh by bx
      GW=$((W / 3)) GH=$((H / 3)) FW=$((W / 3 * 4)) FH=$((H / 3 * 4))
      dm=$(python3 - "$n" "$seed" "$FW" "$FH" "$docs/$n.dm-profile.pgm" "$docs/$n.dm-strip.mvg" <<'PYEOF'
import math, random, sys
n, seed, FW, FH = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
r = random.Random(f"{n} dotmatrix {seed}")
# The ribbon's density down the page: a few slow waves and one or two
# fresher (darker) stretches, kept between 0.55 and 1.
waves = [(r.uniform(0.6, 1.0), r.uniform(FH / 5, FH / 1.6), r.uniform(0, 2 * math.pi)) for _ in range(3)]
fresh = [(r.uniform(0, FH), r.uniform(FH / 14, FH / 7)) for _ in range(r.randint(1, 2))]
vals = []
for y in range(FH):
    v = sum(a * math.sin(2 * math.pi * y / p + ph) for a, p, ph in waves) / sum(a for a, _, _ in waves)
    v = 0.775 + 0.2 * v
    for c, w in fresh:
        v += 0.25 * math.exp(-((y - c) / w) ** 2)
    vals.append(min(1.0, max(0.55, v)))
with open(sys.argv[5], "w") as f:
    f.write(f"P2\n1 {FH}\n255\n" + "\n".join(str(round(v * 255)) for v in vals) + "\n")
side = r.choice(("left", "right"))
# The tractor strip at the page's scale (192 px an inch at scale 2, then 4/3).
S = 128
with open(sys.argv[6], "w") as m:
    pitch, rad = 128, 20
    y = r.randint(20, pitch - 20)
    while y < FH:
        m.write(f"fill #5b4a3a ellipse {S // 2},{y} {rad},{rad} 0,360\n")
        m.write(f"fill none stroke #00000055 stroke-width 2 ellipse {S // 2},{y} {rad},{rad} 200,340\n")
        y += pitch
    # The perforation: short cuts with gaps, at the strip's inner edge.
    y = 0
    x = S - 1
    while y < FH:
        m.write(f"stroke #b9b4a6 stroke-width 2 line {x},{y} {x},{y + 7}\n")
        y += 11
bands = []
for _ in range(r.randint(2, 4)):
    h = r.randint(14, 40)
    y0 = r.randint(40, max(41, FH - 40 - h))
    bands.append(f"{h}:{y0}:{r.choice((-2, -1, 1, 2))}")
print(side, r.randint(0, 3), " ".join(bands))
PYEOF
)
      read -r side _ l <<<"$dm"
      # The pins: the page sampled on the 3 px grid, a cell struck where any
      # print darkens it (under 78% of white), each struck cell a round dot 4 px apart.
      convert -size 4x4 xc:white -fill black -draw "circle 1.5,1.5 1.5,0.1" "$docs/$n.dm-dot.png"
      convert "$base" -colorspace Gray -scale "${GW}x${GH}!" -threshold 78% \
        -filter point -scale "${FW}x${FH}!" +filter \
        \( -size "${FW}x${FH}" tile:"$docs/$n.dm-dot.png" \) -compose lighten -composite \
        -blur 0x0.45 "$docs/$n.dm-pins.png"
      # The feed's slips: bands of rows pushed a pixel or two aside.
      for b in $l; do
        IFS=: read -r bh by bx <<<"$b"
        ops+=(\( "$docs/$n.dm-pins.png" -crop "${FW}x${bh}+0+${by}" +repage \) -geometry "$(printf '%+d%+d' "$bx" "$by")" -compose over -composite)
      done
      convert "$docs/$n.dm-pins.png" "${ops[@]}" -negate \
        \( "$docs/$n.dm-profile.pgm" -scale "${FW}x${FH}!" \) -compose multiply -composite -negate \
        +level-colors '#23213a','#f6f3ea' "$docs/$n.dm-print.png"
      # The tractor strip on its side, then the photo.
      local SW=$((FW + 128)) px=0 sx=$FW flop=()
      [[ $side == left ]] && px=128 sx=0
      [[ $side == right ]] && flop=(-flop)
      convert -size "${SW}x${FH}" xc:'#f6f3ea' "$docs/$n.dm-print.png" -geometry "+$px+0" -compose over -composite \
        \( -size "128x${FH}" xc:none -draw "$(cat "$docs/$n.dm-strip.mvg")" "${flop[@]}" \) -geometry "+$sx+0" -compose over -composite \
        "$docs/$n.dm-paper.png"
      convert "$docs/$n.dm-paper.png" -bordercolor '#5b4a3a' -border 60 -background '#5b4a3a' -virtual-pixel background \
        -distort Perspective "$(python3 -c "
import random; r = random.Random('$n dotmatrix persp $seed')
w, h = $SW + 120, $FH + 120
d = lambda a: round(a * r.uniform(0.4, 1.0))
print(f'0,0 {d(w/45)},{d(h/40)}  {w},0 {w-d(w/50)},{d(h/60)}  0,{h} {d(w/60)},{h-d(h/45)}  {w},{h} {w-d(w/40)},{h-d(h/50)}')")" \
        \( +clone -sparse-color Barycentric "0,0 #ffffff %[fx:w],%[fx:h] #a9a39a" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n".dm-* ;;
    laminated)
      # The page laminated, as people keep a letter, a list or a card they
      # carry about, and photographed lying on a table (unseen66): the clear
      # film a border round the page (its fused edge a faint bright rim,
      # its corners rounded), a faint haze of the film over the print; the
      # gloss, added after the room's light has fallen off across the page
      # so that it shows brighter than the paper round it: soft broad
      # reflections of the room's light (at most about 16% towards white)
      # and one brighter streak across part of it (a soft band, the print
      # under it lifted at most about 45% of the way to white, fading
      # towards both ends of its run); a faint rainbow tint (about 12%, the
      # hue cycling across it) in a patch where the film is uneven; a few
      # tiny trapped air bubbles (2-7 px, a soft bright fill and a faint
      # dark rim). The streak's place and angle, the reflections, the
      # tint's patch and the bubbles drawn from SEED and the document; then
      # a phone photo: slight perspective, noise, JPEG 85. Not harsh: every
      # word stays legible, under the streak as a grey.
      f=$docs/$n.laminated.jpg
      local lp M TM CW CH FW FH sw sh l lm=() ls=() lk=() lt=()
      lp=$(python3 - "$n" "$seed" "$W" "$H" "$docs/$n.lm-sheen.mvg" "$docs/$n.lm-streak.mvg" "$docs/$n.lm-tint.mvg" "$docs/$n.lm-film.mvg" <<'EOF'
import math, random, sys
n, seed, W, H = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
r = random.Random(f"{n} laminated {seed}")
M = min(W, H) // 18 + 14          # the clear film beyond the page's edge
TM = M                            # the table round the film
FW, FH = W + 2 * M, H + 2 * M     # the film
CW, CH = FW + 2 * TM, FH + 2 * TM # the photo before perspective
S = 4                             # the light and tint maps are drawn at 1/4 scale
sw, sh = CW // S, CH // S
with open(sys.argv[5], "w") as m:
    # Soft broad reflections: two or three big faint blobs.
    for _ in range(r.randint(2, 3)):
        cx, cy = r.uniform(0.15, 0.85) * sw, r.uniform(0.15, 0.85) * sh
        rx, ry = r.uniform(0.16, 0.28) * sw, r.uniform(0.12, 0.22) * sh
        g = r.randint(26, 34)
        m.write(f"fill gray({g}%) ellipse {cx:.0f},{cy:.0f} {rx:.0f},{ry:.0f} 0,360\n")
with open(sys.argv[6], "w") as m:
    # The streak: a band across part of the film, brightest in the middle
    # of its run; drawn long and dim, then shorter and brighter.
    ang = math.radians(r.choice((-1, 1)) * r.uniform(28, 58))
    px, py = r.uniform(0.3, 0.7) * sw, r.uniform(0.3, 0.7) * sh
    L = math.hypot(sw, sh)
    T = max(4, min(sw, sh) / 14)
    for frac, g in ((0.34, 45), (0.25, 72), (0.16, 100)):
        dx, dy = math.cos(ang) * L * frac, math.sin(ang) * L * frac
        m.write(f"stroke gray({g}%) stroke-width {T:.1f} stroke-linecap round line {px - dx:.0f},{py - dy:.0f} {px + dx:.0f},{py + dy:.0f}\n")
with open(sys.argv[7], "w") as m:
    # Where the film is uneven: an irregular patch of a few overlapping ellipses.
    cx, cy = r.uniform(0.2, 0.8) * sw, r.uniform(0.2, 0.8) * sh
    for _ in range(4):
        ex, ey = cx + r.uniform(-0.08, 0.08) * sw, cy + r.uniform(-0.06, 0.06) * sh
        m.write(f"fill white ellipse {ex:.0f},{ey:.0f} {r.uniform(0.06, 0.13) * sw:.0f},{r.uniform(0.04, 0.09) * sh:.0f} 0,360\n")
with open(sys.argv[8], "w") as m:
    # The film: a faint haze, its fused edge, the bubbles.
    rad = M // 2
    m.write(f"fill rgba(250,252,255,0.16) stroke none roundrectangle {TM},{TM} {TM + FW},{TM + FH} {rad},{rad}\n")
    m.write(f"fill none stroke rgba(255,255,255,0.70) stroke-width 3 roundrectangle {TM + 2},{TM + 2} {TM + FW - 2},{TM + FH - 2} {rad},{rad}\n")
    m.write(f"fill none stroke rgba(0,0,0,0.18) stroke-width 2 roundrectangle {TM + 6},{TM + 6} {TM + FW - 6},{TM + FH - 6} {rad},{rad}\n")
    for _ in range(r.randint(5, 9)):
        bx = TM + r.uniform(0.05, 0.95) * FW
        by = TM + r.uniform(0.05, 0.95) * FH
        br = r.uniform(2, 7)
        m.write(f"fill rgba(255,255,255,0.30) stroke rgba(40,40,40,0.30) stroke-width 1 circle {bx:.1f},{by:.1f} {bx + br:.1f},{by:.1f}\n")
        hr = max(0.8, br / 3)
        m.write(f"fill rgba(255,255,255,0.90) stroke none circle {bx - br / 3:.1f},{by - br / 3:.1f} {bx - br / 3 + hr:.1f},{by - br / 3:.1f}\n")
print(M, TM, CW, CH, FW, FH, sw, sh)
EOF
)
      read -r M TM CW CH FW FH sw sh <<<"$lp"
      while IFS= read -r l; do lm+=(-draw "$l"); done <"$docs/$n.lm-film.mvg"
      while IFS= read -r l; do ls+=(-draw "$l"); done <"$docs/$n.lm-sheen.mvg"
      while IFS= read -r l; do lk+=(-draw "$l"); done <"$docs/$n.lm-streak.mvg"
      while IFS= read -r l; do lt+=(-draw "$l"); done <"$docs/$n.lm-tint.mvg"
      # The gloss (broad reflections, much blurred, and the streak, a
      # little) and the tint's patch, drawn small, blurred and scaled up:
      # smooth, as reflections off a gloss are.
      convert -size "${sw}x${sh}" xc:black "${ls[@]}" -blur "0x$((sw / 24 + 3))" \
        \( -size "${sw}x${sh}" xc:black "${lk[@]}" -blur "0x$((sw / 110 + 1))" \) -compose lighten -composite \
        -resize "${CW}x${CH}!" -evaluate multiply 0.5 "$docs/$n.lm-light.png"
      convert -size "${sw}x${sh}" xc:black "${lt[@]}" -blur "0x$((sw / 60 + 2))" \
        -resize "${CW}x${CH}!" -evaluate multiply 0.12 "$docs/$n.lm-mask.png"
      # The rainbow: the hue cycling three times across the patch.
      convert -size "${sw}x${sh}" xc: -fx "(3 * (0.7 * i / w + 0.3 * j / h)) % 1" \
        \( +clone -fill white -colorize 100 \) \( +clone -fill gray50 -colorize 100 \) \
        -set colorspace HSL -combine -colorspace sRGB -resize "${CW}x${CH}!" \
        "$docs/$n.lm-mask.png" -alpha off -compose copy_opacity -composite "$docs/$n.lm-tint.png"
      convert -size "${CW}x${CH}" xc:'#84705c' -seed "$seed" -attenuate 0.3 +noise Gaussian -blur 0x1.2 \
        "$base" -geometry "+$((TM + M))+$((TM + M))" -compose over -composite \
        "${lm[@]}" \
        "$docs/$n.lm-tint.png" -compose over -composite \
        \( -size "${CW}x${CH}" xc: -sparse-color Barycentric "0,0 #eaeaea $CW,$CH #b6b6b6" \) -compose multiply -composite \
        "$docs/$n.lm-light.png" -compose screen -composite -compose over \
        -background '#6f5e4d' -virtual-pixel background \
        -distort Perspective "0,0 $((CW / 55)),$((CH / 50))  $CW,0 $((CW - CW / 45)),$((CH / 75))  0,$CH $((CW / 75)),$((CH - CH / 45))  $CW,$CH $((CW - CW / 40)),$((CH - CH / 55))" \
        -seed "$seed" -attenuate 0.22 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n".lm-* ;;
    photocopy2)
      # A copy of a copy, as schools, clinics and families pass paper on
      # (unseen65): the page photocopied, that copy photocopied again, then
      # scanned. Each copy is grey, a little enlarged (101-103%) and turned
      # (0.3-0.7 degrees, both the same way, so about a degree in all), its
      # toner laid down by a threshold over noise: flat grey areas go to
      # speckled toner, black print stays black, the edges of letters ragged;
      # the first copy thickens the strokes by a pixel. The second copier's
      # lid, not quite down, leaves a faint speckled grey band down one side
      # (left or right), and its dirty glass a few black specks (1-3 px).
      # The side, the turns, the enlargements and the specks' places are
      # drawn from SEED and the document. Scanned grey at 200 dpi, JPEG 85.
      # Not harsh: every word stays legible to a person.
      f=$docs/$n.photocopy2.jpg
      local sg t1 t2 e1 e2 W2 H2 bw side k sx sy sr dots=()
      sg=$(( $(pick "$n photocopy2 sign" "$seed" 2) * 2 - 1 ))
      t1=$(awk "BEGIN{print $sg * (0.3 + $(pick "$n photocopy2 t1" "$seed" 5) / 10)}")
      t2=$(awk "BEGIN{print $sg * (0.3 + $(pick "$n photocopy2 t2" "$seed" 5) / 10)}")
      e1=$((101 + $(pick "$n photocopy2 e1" "$seed" 3))) e2=$((101 + $(pick "$n photocopy2 e2" "$seed" 3)))
      convert "$base" -colorspace Gray -resize "${e1}%" -background white -rotate "$t1" +repage \
        -blur 0x0.6 -seed "$seed" -attenuate 0.7 +noise Gaussian -level 30%,72% \
        -morphology Erode Diamond:1 "$docs/$n.pc-1.png"
      convert "$docs/$n.pc-1.png" -resize "${e2}%" -background white -rotate "$t2" +repage \
        -blur 0x0.7 -seed "$((seed + 1))" -attenuate 0.35 +noise Gaussian -level 24%,76% "$docs/$n.pc-2.png"
      W2=$(identify -format %w "$docs/$n.pc-2.png"); H2=$(identify -format %h "$docs/$n.pc-2.png")
      bw=$((W2 / 16)) side=$(pick "$n photocopy2 side" "$seed" 2)
      # The lid's band: grey at the very edge (about 72%), fading to white.
      convert -size "${H2}x${bw}" gradient:'#b8b8b8'-white -rotate -90 \
        -seed "$((seed + 2))" -attenuate 0.6 +noise Gaussian -blur 0x0.8 "$docs/$n.pc-band.png"
      ((side == 1)) && convert "$docs/$n.pc-band.png" -flop "$docs/$n.pc-band.png"
      for k in 1 2 3 4 5 6 7 8 9 10 11; do
        sx=$(pick "$n photocopy2 speck x $k" "$seed" "$W2"); sy=$(pick "$n photocopy2 speck y $k" "$seed" "$H2")
        sr=$((1 + $(pick "$n photocopy2 speck r $k" "$seed" 3)))
        dots+=(-draw "circle $sx,$sy $((sx + sr)),$sy")
      done
      convert "$docs/$n.pc-2.png" \
        \( "$docs/$n.pc-band.png" \) -gravity "$( ((side == 1)) && echo east || echo west)" -compose multiply -composite +gravity \
        -fill black "${dots[@]}" \
        -blur 0x0.5 -seed "$((seed + 3))" -attenuate 0.1 +noise Gaussian \
        -bordercolor white -border 24 -colorspace Gray -units PixelsPerInch -density 200 -quality 85 "$f"
      rm -f "$docs/$n".pc-* ;;
    tonersave)
      # The page printed on an office laser printer in toner-save (economy)
      # mode, then photographed (unseen67). The printer lays toner only on a
      # share of the dots inside each shape and keeps its edges solid, so
      # the print comes out a light grey: strokes of body text (3 px and
      # more at the page's scale) keep a solid 1 px edge with a stipple of
      # dots (about 55%) inside; the thick strokes of large text and
      # headings are hollowed out more (their cores, 3 px and more from the
      # edge, about 22% dots); thin strokes (1-2 px) are dotted at about 55%
      # with no solid edge; rules and box lines (thin runs of 41 px and
      # more) turn to sparse dots (about 30%); shaded and tinted areas to
      # sparse dots in proportion to their tone (a 10% grey box about 6%
      # dots). The toner is a dark grey, not black, and scatters a little.
      # Then a phone photo of the sheet on a desk: slight perspective, light
      # falling off, noise, JPEG 85. The dots and the perspective are drawn
      # from SEED and the document. Not harsh: every field stays legible to
      # a person, as a faint grey print.
      f=$docs/$n.tonersave.jpg
      local ts=$docs/$n.ts r1 r2 pp
      r1=$(pick "$n tonersave dots" "$seed" 1000000) r2=$(pick "$n tonersave tone" "$seed" 1000000)
      convert "$base" -colorspace Gray "$ts-g.png"
      # Print (white = toner wanted): darker than 55% grey.
      convert "$ts-g.png" -threshold 55% -negate "$ts-ink.png"
      # Strokes 3 px wide and more; their 1 px edge; their cores.
      convert "$ts-ink.png" -morphology Open Square:1 "$ts-open.png"
      convert "$ts-open.png" -morphology EdgeIn Disk:1 "$ts-edge.png"
      convert "$ts-open.png" -morphology Erode Disk:2.5 "$ts-deep.png"
      # Rules: thin horizontal or vertical runs of 41 px and more.
      convert \( "$ts-ink.png" -morphology Open Rectangle:41x1 \) \( "$ts-ink.png" -morphology Open Rectangle:1x41 \) \
        -compose lighten -composite \( "$ts-open.png" -negate \) -compose multiply -composite "$ts-rule.png"
      # Two fields of uniform random values, one for the print, one for tones.
      convert -size "${W}x${H}" xc:gray50 -seed "$r1" +noise Random -channel R -separate +channel "$ts-r1.png"
      convert -size "${W}x${H}" xc:gray50 -seed "$r2" +noise Random -channel R -separate +channel "$ts-r2.png"
      # The print's dots: 55% in strokes, 22% in cores, 30% on rules.
      convert "$ts-ink.png" \( "$ts-deep.png" -negate \) -compose multiply -composite \
        \( "$ts-rule.png" -negate \) -compose multiply -composite \
        \( "$ts-r1.png" -threshold 45% \) -compose multiply -composite \
        \( "$ts-deep.png" \( "$ts-r1.png" -threshold 78% \) -compose multiply -composite \) -compose lighten -composite \
        \( "$ts-rule.png" \( "$ts-r1.png" -threshold 70% \) -compose multiply -composite \) -compose lighten -composite \
        "$ts-edge.png" -compose lighten -composite "$ts-print.png"
      # Tones outside the print: a dot where 0.6 x the tone's darkness beats the random field.
      convert \( "$ts-g.png" -negate -evaluate multiply 0.6 \) "$ts-r2.png" -compose minus_src -composite -threshold 0 \
        \( "$ts-ink.png" -negate \) -compose multiply -composite "$ts-tone.png"
      pp=$(python3 -c "
import random; r = random.Random('$n tonersave persp $seed')
w, h = $W + 120, $H + 120
d = lambda a: round(a * r.uniform(0.4, 1.0))
print(f'0,0 {d(w/45)},{d(h/40)}  {w},0 {w-d(w/50)},{d(h/60)}  0,{h} {d(w/60)},{h-d(h/45)}  {w},{h} {w-d(w/40)},{h-d(h/50)}')")
      convert "$ts-print.png" "$ts-tone.png" -compose lighten -composite -negate \
        +level-colors '#424242','#f7f6f2' -blur 0x0.45 -compose over \
        -bordercolor '#6b5d50' -border 60 -background '#6b5d50' -virtual-pixel background \
        -distort Perspective "$pp" \
        \( +clone -sparse-color Barycentric "0,0 #ffffff %[fx:w],%[fx:h] #aaa49c" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.22 +noise Gaussian -quality 85 "$f"
      rm -f "$ts"-* ;;
    lowink)
      # The page printed on a home inkjet printer running out of ink, then
      # photographed or scanned, as patients print the letters, prep sheets
      # and portal pages a clinic sends them (unseen68): clogged nozzles
      # leave thin pale stripes through the print at a regular pitch (every
      # 40-62 px at the page's scale, 2-3 px high, the ink there at 35-55%),
      # with a fainter seam between the head's passes; one colour runs low,
      # so black comes out brownish (cyan weak) or greenish (magenta weak),
      # the ink at 60-94% in each channel; along one side (left, right or
      # the foot, where the cartridge ran lowest) a faded band a fifth of the
      # page deep, the ink falling to 62-70% at the edge; 2-4 ink smears
      # (soft, elongated, turned, the paper at most about a fifth darker in
      # the ink's colour). Then a flatbed colour scan (turned up to 0.9
      # degrees, noise, JPEG 88) or a phone photo (slight perspective, light
      # falling off, noise, JPEG 85). The cast, the pitch, the side, the
      # smears and the capture are drawn from SEED and the document. Not
      # harsh: every word stays legible to a person, paler in the stripes.
      f=$docs/$n.lowink.jpg
      local li kr kg kb cap l sm=()
      li=$(python3 - "$n" "$seed" "$W" "$H" "$docs/$n.li-rows.pgm" "$docs/$n.li-cols.pgm" "$docs/$n.li-smear.mvg" <<'EOF'
import math, random, sys
n, seed, W, H = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
r = random.Random(f"{n} lowink {seed}")
pitch = r.randint(40, 62)
off = r.randint(0, pitch - 1)
sh = r.randint(2, 3)
depth = r.uniform(0.35, 0.55)
side = r.choice(("left", "right", "foot"))
edge = r.uniform(0.62, 0.70)
def fade(t):  # t: 0 at the faded edge, 1 a fifth of the page in
    return 1.0 if t >= 1 else edge + (1 - edge) * (t * t * (3 - 2 * t))
rows = []
for y in range(H):
    v = 1.0
    k = (y - off) % pitch
    if k < sh:
        v = depth + r.uniform(-0.04, 0.04)
    elif k == pitch // 2:
        v = 0.9  # the seam between two passes of the head
    if side == "foot":
        v *= fade((H - 1 - y) / (H / 5))
    rows.append(max(0.0, min(1.0, v)))
cols = [fade(x / (W / 5)) if side == "left" else fade((W - 1 - x) / (W / 5)) if side == "right" else 1.0 for x in range(W)]
with open(sys.argv[5], "w") as f:
    f.write(f"P2\n1 {H}\n255\n" + "\n".join(str(round(v * 255)) for v in rows) + "\n")
with open(sys.argv[6], "w") as f:
    f.write(f"P2\n{W} 1\n255\n" + " ".join(str(round(v * 255)) for v in cols) + "\n")
if r.random() < 0.5:   # brownish: cyan runs low
    k = (r.uniform(0.60, 0.68), r.uniform(0.74, 0.82), r.uniform(0.88, 0.94))
else:                  # greenish: magenta runs low
    k = (r.uniform(0.80, 0.86), r.uniform(0.60, 0.68), r.uniform(0.76, 0.84))
with open(sys.argv[7], "w") as m:
    for _ in range(r.randint(2, 4)):
        cx, cy = r.uniform(0.08, 0.92) * W, r.uniform(0.08, 0.92) * H
        rx, ry = r.uniform(W / 40, W / 18), r.uniform(H / 260, H / 120)
        a = r.uniform(-25, 25)
        g = r.randint(66, 78)
        m.write(f"push graphic-context translate {cx:.0f},{cy:.0f} rotate {a:.1f} fill gray({g}%) ellipse 0,0 {rx:.0f},{ry:.0f} 0,360 pop graphic-context\n")
cap = r.choice(("scan", "photo"))
print(f"{k[0]:.3f} {k[1]:.3f} {k[2]:.3f} {cap}")
EOF
)
      read -r kr kg kb cap <<<"$li"
      while IFS= read -r l; do sm+=(-draw "$l"); done <"$docs/$n.li-smear.mvg"
      # The ink: the page's darkness per channel, thinned by the stripes and
      # the faded side, each channel by its cartridge; then the smears.
      convert "$base" -negate \
        \( "$docs/$n.li-rows.pgm" -scale "${W}x${H}!" \) -compose multiply -composite \
        \( "$docs/$n.li-cols.pgm" -scale "${W}x${H}!" \) -compose multiply -composite \
        -channel R -evaluate multiply "$kr" -channel G -evaluate multiply "$kg" -channel B -evaluate multiply "$kb" +channel \
        -negate \
        \( -size "${W}x${H}" xc:white "${sm[@]}" -blur "0x$((W / 300 + 3))" \
           \( +clone -fill "rgb($(awk "BEGIN{printf \"%d,%d,%d\", 255 - 200 * $kr, 255 - 200 * $kg, 255 - 200 * $kb}"))" -colorize 100 \) \
           +swap -compose screen -composite \) -compose multiply -composite \
        "$docs/$n.li-print.png"
      if [[ $cap == scan ]]; then
        local t
        t=$(awk "BEGIN{print ($(pick "$n lowink turn" "$seed" 19) - 9) / 10}")
        convert "$docs/$n.li-print.png" -background white -rotate "$t" +repage \
          -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 88 "$f"
      else
        convert "$docs/$n.li-print.png" -bordercolor '#8b8378' -border $((W / 25)) \
          -background '#8b8378' -virtual-pixel background \
          -distort Perspective "$(python3 -c "
import random; r = random.Random('$n lowink persp $seed')
w, h = $W + 2 * ($W // 25), $H + 2 * ($W // 25)
d = lambda a: round(a * r.uniform(0.4, 1.0))
print(f'0,0 {d(w/45)},{d(h/45)}  {w},0 {w-d(w/50)},{d(h/60)}  0,{h} {d(w/60)},{h-d(h/50)}  {w},{h} {w-d(w/40)},{h-d(h/45)}')")" \
          \( +clone -sparse-color Barycentric "0,0 #ffffff %[fx:w],%[fx:h] #a8a39b" \) -compose multiply -composite \
          -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      fi
      rm -f "$docs/$n".li-* ;;
    enhance)
      # A phone photo the patient ran through the phone's one-tap "enhance"
      # or an AI upscaler before sending (unseen69): the page photographed
      # nearly flat (slight perspective, light falling off, sensor noise),
      # then the enhancer: its noise reduction smooths the paper and the
      # noise into waxy flat areas (a median, then an edge-keeping Kuwahara
      # filter that also straightens the strokes' ragged edges), the strokes
      # thickened unevenly (a dilation of the dark print over about half the
      # page, in soft patches from a smooth field), the photo upscaled to
      # twice its size (Lanczos) and over-sharpened so bright halos stand
      # beside the letters (unsharp radius 2-3 px, amount 1.6-2.1), contrast
      # and saturation pushed (saturation 118-129%); JPEG 88, lowered in
      # steps of 6 to keep the file under 3,500,000 bytes (the service takes
      # 4 MB). The perspective, the patches, the sharpening and the
      # saturation drawn from SEED and the document. Not harsh: every word
      # stays legible to a person, the halos and the waxy paper plain to see.
      f=$docs/$n.enhance.jpg
      local a b c d sat amt rad q
      a=$((34 + $(pick "$n enhance a" "$seed" 30))); b=$((34 + $(pick "$n enhance b" "$seed" 30)))
      c=$((34 + $(pick "$n enhance c" "$seed" 30))); d=$((34 + $(pick "$n enhance d" "$seed" 30)))
      sat=$((118 + $(pick "$n enhance sat" "$seed" 12)))
      amt=$(awk "BEGIN{print 1.6 + $(pick "$n enhance amt" "$seed" 6) / 10}")
      rad=$(awk "BEGIN{print 2 + $(pick "$n enhance rad" "$seed" 5) / 5}")
      convert "$base" -background '#857b6e' -virtual-pixel background \
        -distort Perspective "0,0 $((W / a)),$((H / b))  $W,0 $((W - W / c)),$((H / d))  0,$H $((W / d)),$((H - H / c))  $W,$H $((W - W / b)),$((H - H / a))" \
        \( -size "${W}x${H}" xc: -sparse-color Barycentric "0,0 #ffffff $W,$H #b9b9b9" \) -compose multiply -composite \
        -blur 0x0.5 -seed "$seed" -attenuate 0.45 +noise Gaussian \
        -statistic Median 3x3 -kuwahara 1.5 "$docs/$n.en-smooth.png"
      # Where the strokes thicken: a smooth field, thresholded softly to about half the page.
      convert -size "$((W / 16 + 1))x$((H / 16 + 1))" -seed "$(( seed + $(pick "$n enhance field" "$seed" 997) ))" plasma:grey50-grey50 \
        -colorspace Gray -blur 0x2 -auto-level -resize "${W}x${H}!" -level 42%,58% "$docs/$n.en-mask.png"
      convert "$docs/$n.en-smooth.png" \( +clone -morphology Erode Disk:1.2 \) "$docs/$n.en-mask.png" -composite \
        -filter Lanczos -resize 200% +filter -unsharp "0x${rad}+${amt}+0" \
        -sigmoidal-contrast 3x50% -modulate 103,"$sat" "$docs/$n.en-big.png"
      q=88
      convert "$docs/$n.en-big.png" -quality "$q" "$f"
      while (($(stat -c %s "$f") >= 3500000 && q > 40)); do
        q=$((q - 6)); convert "$docs/$n.en-big.png" -quality "$q" "$f"
      done
      rm -f "$docs/$n".en-* ;;
    datestamp)
      # A phone photo taken with a camera app that burns the date and time of
      # the photo into its corner, as timestamp camera apps, older phones and
      # some patients' settings do (unseen70): the page on a table (a margin
      # of about a fourteenth of its width), slight perspective, light
      # falling off, a little warm, noise; then, over the finished photo and
      # straight whatever the page's turn, the stamp: orange-red
      # seven-segment digits leaning a little as such displays do, the date
      # as 'YY MM DD and the time as HH:MM, with a faint glow round them, in
      # one lower corner (left or right), over the table and at most the
      # page's white margin at its foot; the digits about 3.5% of the
      # photo's short side high (2.2% of its long side at the least). The
      # stamp's date is the photo's own: the run day (HELDOUT_TODAY, else
      # today) or up to 3 days after it, as a camera clock set a little
      # ahead shows; the day, the time (08:00-21:59), the corner and the
      # perspective drawn from SEED and the document; JPEG 85. Not harsh:
      # every field stays legible to a person, the stamp covers none.
      f=$docs/$n.datestamp.jpg
      local B W2 H2 k hh mi side dh text x0 y0 a b c d
      B=$((W / 14)); W2=$((W + 2 * B)); H2=$((H + 2 * B))
      k=$(pick "$n datestamp day" "$seed" 4)
      hh=$((8 + $(pick "$n datestamp hour" "$seed" 14))); mi=$(pick "$n datestamp minute" "$seed" 60)
      side=$(pick "$n datestamp side" "$seed" 2)
      a=$((40 + $(pick "$n datestamp a" "$seed" 30))); b=$((40 + $(pick "$n datestamp b" "$seed" 30)))
      c=$((40 + $(pick "$n datestamp c" "$seed" 30))); d=$((40 + $(pick "$n datestamp d" "$seed" 30)))
      text="$(python3 -c 'import datetime, os, sys
t = datetime.date.fromisoformat(os.environ["HELDOUT_TODAY"]) if os.environ.get("HELDOUT_TODAY") else datetime.date.today()
print((t + datetime.timedelta(days=int(sys.argv[1]))).strftime("'"'"'%y %m %d"))' "$k")  $(printf '%02d:%02d' "$hh" "$mi")"
      dh=$(( (W2 < H2 ? W2 : H2) * 35 / 1000 )); (( dh < (W2 > H2 ? W2 : H2) * 22 / 1000 )) && dh=$(( (W2 > H2 ? W2 : H2) * 22 / 1000 ))
      # The seven segments of each character as polygons (ImageMagick MVG),
      # leaning 8 degrees; x0 is where the text starts, y0 its baseline.
      python3 - "$text" "$dh" "$W2" "$H2" "$side" >"$docs/$n.ds.mvg" <<'EOF'
import math, sys
text, h, W, H, side = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
t, w, gap, g = h * 0.15, h * 0.56, h * 0.24, h * 0.025
lean = math.tan(math.radians(8))
SEG = {"0": "abcdef", "1": "bc", "2": "abdeg", "3": "abcdg", "4": "bcfg", "5": "acdfg",
       "6": "acdefg", "7": "abc", "8": "abcdefg", "9": "abcdfg"}
def adv(ch): return {" ": h * 0.42, ":": h * 0.34, "'": h * 0.3}.get(ch, w + gap)
total = sum(adv(ch) for ch in text)
x0 = W * 0.045 if side == 0 else W - W * 0.045 - total
y0 = H - H * 0.032
polys = []
def hseg(yc, x1, x2): return [(x1, yc), (x1 + t / 2, yc - t / 2), (x2 - t / 2, yc - t / 2), (x2, yc), (x2 - t / 2, yc + t / 2), (x1 + t / 2, yc + t / 2)]
def vseg(xc, y1, y2): return [(xc, y1), (xc + t / 2, y1 + t / 2), (xc + t / 2, y2 - t / 2), (xc, y2), (xc - t / 2, y2 - t / 2), (xc - t / 2, y1 + t / 2)]
x = x0
for ch in text:
    L, R, T, M, Bm = t / 2, w - t / 2, t / 2, h / 2, h - t / 2
    shapes = []
    if ch in SEG:
        seg = {"a": hseg(T, L + g, R - g), "g": hseg(M, L + g, R - g), "d": hseg(Bm, L + g, R - g),
               "f": vseg(L, T + g, M - g), "b": vseg(R, T + g, M - g), "e": vseg(L, M + g, Bm - g), "c": vseg(R, M + g, Bm - g)}
        shapes = [seg[k] for k in SEG[ch]]
    elif ch == ":":
        shapes = [[(h * 0.1, y), (h * 0.1 + t, y), (h * 0.1 + t, y + t), (h * 0.1, y + t)] for y in (h * 0.28, h * 0.62)]
    elif ch == "'":
        shapes = [vseg(h * 0.12, 0, h * 0.34)]
    for s in shapes:
        pts = [(x + px + (h - py) * lean, y0 - h + py) for px, py in s]
        polys.append("polygon " + " ".join(f"{px:.1f},{py:.1f}" for px, py in pts))
    x += adv(ch)
print("\n".join(polys))
EOF
      convert -size "${W2}x${H2}" xc:none -fill '#ff5424' -draw "$(cat "$docs/$n.ds.mvg")" "$docs/$n.ds-digits.png"
      convert "$base" -bordercolor '#8a7560' -border "$B" \
        -background '#6b5a48' -virtual-pixel background \
        -distort Perspective "0,0 $((W2 / a)),$((H2 / b))  $W2,0 $((W2 - W2 / c)),$((H2 / d))  0,$H2 $((W2 / d)),$((H2 - H2 / c))  $W2,$H2 $((W2 - W2 / b)),$((H2 - H2 / a))" \
        \( -size "${W2}x${H2}" xc: -sparse-color Barycentric "0,0 #fffaf0 $W2,$H2 #a89f94" \) -compose multiply -composite \
        -blur 0x0.5 -seed "$seed" -attenuate 0.35 +noise Gaussian \
        \( "$docs/$n.ds-digits.png" -channel A -evaluate multiply 0.75 +channel -blur "0x$((dh / 7 + 1))" \) -compose screen -composite \
        \( "$docs/$n.ds-digits.png" -blur 0x0.7 \) -compose over -composite \
        \( "$docs/$n.ds-digits.png" -fill '#ffb08a' -colorize 100% -channel A -morphology Erode Disk:"$((dh / 30 + 1))" -evaluate multiply 0.6 +channel -blur 0x0.6 \) -compose over -composite \
        -quality 85 "$f"
      rm -f "$docs/$n.ds.mvg" "$docs/$n.ds-digits.png" ;;
    coffeestain)
      # The page with a coffee cup's ring and a splash dried on it, then
      # photographed (unseen71): a paper letter, slip or label left on the
      # kitchen table under a mug. The cup's ring is a brown annulus (its
      # radius 17-23% of the mean of the page's sides, its centre anywhere in the
      # middle 70% of the page, so part of it may run off the edge), pale
      # inside its band and darker at its outer rim where the coffee dried
      # (the tide line), broken and uneven along its length (a smooth random
      # field); a paler brown splash elsewhere, an irregular blob with its
      # own darker edge, and 3-6 drops (3-14 px) near it; the stain
      # multiplies the paper, so the print under it stays black. The paper
      # cockled where it was wet: a smooth displacement of up to 3 px and a
      # faint shading from the same field (at most about 7% darker). Then a
      # phone photo: slight perspective, light falling off, noise, JPEG 85.
      # The ring's size and place, the splash, the drops and the field drawn
      # from SEED and the document. Not harsh: every field stays legible to a
      # person, the print under the stain as dark as elsewhere.
      f=$docs/$n.coffeestain.jpg
      local m=$(((W + H) / 2)) R RX RY BW RW SX SY SA SB k drops=() dx dy dr
      R=$((m * (17 + $(pick "$n coffee r" "$seed" 7)) / 100))
      RX=$((W * (15 + $(pick "$n coffee x" "$seed" 71)) / 100)); RY=$((H * (15 + $(pick "$n coffee y" "$seed" 71)) / 100))
      BW=$((R / 9 + 2)) RW=$((R / 70 + 2))
      # The splash: in the half of the page away from the ring's centre.
      SA=$((m * (6 + $(pick "$n coffee sa" "$seed" 6)) / 100)); SB=$((SA * (55 + $(pick "$n coffee sb" "$seed" 40)) / 100))
      if ((RX > W / 2)); then SX=$((W * (18 + $(pick "$n coffee sx" "$seed" 20)) / 100)); else SX=$((W * (62 + $(pick "$n coffee sx" "$seed" 20)) / 100)); fi
      if ((RY > H / 2)); then SY=$((H * (18 + $(pick "$n coffee sy" "$seed" 20)) / 100)); else SY=$((H * (62 + $(pick "$n coffee sy" "$seed" 20)) / 100)); fi
      for ((k = 0; k < 3 + $(pick "$n coffee nd" "$seed" 4); k++)); do
        dx=$((SX + $(pick "$n coffee dx$k" "$seed" $((4 * SA + 1))) - 2 * SA)); dy=$((SY + $(pick "$n coffee dy$k" "$seed" $((4 * SB + 1))) - 2 * SB))
        dr=$((3 + $(pick "$n coffee dr$k" "$seed" 12)))
        drops+=(-draw "circle $dx,$dy $((dx + dr)),$dy")
      done
      # The ring's mask (white = most coffee): a soft band, a sharper rim at its outer edge, broken by a smooth field.
      convert -size "$((W / 12 + 1))x$((H / 12 + 1))" -seed "$((seed + $(pick "$n coffee field" "$seed" 997)))" plasma:grey50-grey50 \
        -colorspace Gray -blur 0x2 -auto-level -resize "${W}x${H}!" "$docs/$n.cs-field.png"
      convert -size "${W}x${H}" xc:black -fill none -stroke gray30 -strokewidth "$BW" -draw "circle $RX,$RY $((RX + R - BW / 2)),$RY" -blur "0x$((BW / 4 + 1))" \
        \( -size "${W}x${H}" xc:black -fill none -stroke gray62 -strokewidth "$RW" -draw "circle $RX,$RY $((RX + R)),$RY" -blur 0x1.2 \) -compose lighten -composite \
        \( "$docs/$n.cs-field.png" -level 15%,75% \) -compose multiply -composite "$docs/$n.cs-ring.png"
      # The splash's mask: an irregular blob (the field cut inside a soft ellipse) with its own darker edge, and the drops.
      convert -size "${W}x${H}" xc:black -fill white -draw "ellipse $SX,$SY $SA,$SB 0,360" -blur "0x$((SA / 3 + 1))" \
        \( "$docs/$n.cs-field.png" -negate \) -compose multiply -composite -threshold 22% -blur 0x1.5 "$docs/$n.cs-blob.png"
      convert "$docs/$n.cs-blob.png" -evaluate multiply 0.22 \
        \( "$docs/$n.cs-blob.png" -morphology EdgeIn Disk:2 -blur 0x1 -evaluate multiply 0.30 \) -compose plus -composite \
        \( -size "${W}x${H}" xc:black -fill gray22 -stroke gray45 -strokewidth 1.5 "${drops[@]}" -blur 0x0.8 \) -compose lighten -composite \
        "$docs/$n.cs-ring.png" -compose lighten -composite "$docs/$n.cs-mask.png"
      # The stain multiplies the page (white where none, coffee brown where the mask is white); then the cockle.
      convert "$base" \( -size "${W}x${H}" xc:white xc:'#6a3b17' "$docs/$n.cs-mask.png" -composite \) -compose multiply -composite \
        "$docs/$n.cs-field.png" "$docs/$n.cs-field.png" -compose displace -define compose:args=3x3 -composite \
        \( "$docs/$n.cs-field.png" -shade 120x50 -auto-level +level 93%,100% \) -compose multiply -composite \
        -background '#7d6a58' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 45)),$((H / 40))  $W,0 $((W - W / 55)),$((H / 60))  0,$H $((W / 60)),$((H - H / 45))  $W,$H $((W - W / 40)),$((H - H / 50))" \
        \( -size "${W}x${H}" xc: -sparse-color Barycentric "0,0 #ffffff $W,$H #bdbab4" \) -compose multiply -composite \
        -blur 0x0.5 -seed "$seed" -attenuate 0.3 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n".cs-* ;;
    receivedstamp)
      # The page received by an office's post room and stamped before it was
      # scanned or photographed (unseen72), as a licensing agency, an
      # insurer's underwriting department or an employer's safety office
      # stamps the declarations that reach it: a rubber date stamp, its face
      # a double rounded frame round RECEIVED (bold), the date (the band
      # dater's monospace) and the office's name (condensed capitals), in
      # red or blue ink (drawn from SEED and the document), turned 2.5-7.5
      # degrees either way, unevenly inked: the ink's strength varies in
      # soft patches (45-100%, a smooth field), one side pressed harder than
      # the other (a gradient to about 64%), about a tenth of the face's
      # dots left bare, the ink spreading a little. It is laid over the page
      # multiplied, as ink is, so the print under it stays black. Where it
      # lies, the office and the date the document says:
      # <meta name="heldout-receivedstamp" content="X Y|OFFICE|DATE">, the
      # stamp's centre at X of the page's width and Y of its height
      # (fractions of the page inside its white border), a margin or blank
      # space it overlaps a little of the print from; DATE is written with
      # a placeholder ({{dmon-up:-1}}), on or a few days after the form's
      # own date. Without it, the emptiest of six spots near the page's
      # edges, "POST ROOM" and the day of the run. Then the stamped page is
      # scanned in colour (turned up to 0.9 degrees, noise, JPEG 88) or
      # photographed on a desk (slight perspective, light falling off,
      # noise, JPEG 85), drawn from SEED and the document. Not harsh: the
      # stamp covers a little print with translucent ink and every field
      # stays legible to a person.
      f=$docs/$n.receivedstamp.jpg
      local spec geo office sdate sx sy PW PH SW SH cx cy ang ink cap bw
      spec=$(sed -n 's/.*name="heldout-receivedstamp" content="\([^"]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      PW=$((W - 80)) PH=$((H - 80))
      SW=$(awk "BEGIN{s = $PW * 0.27; if (s < 300) s = 300; printf \"%d\", s}")
      SH=$((SW * 46 / 100))
      if [[ -n $spec ]]; then
        IFS='|' read -r geo office sdate <<<"$spec"
        read -r sx sy <<<"$geo"
      else
        local best=2 spot m
        for spot in "0.80 0.06" "0.20 0.06" "0.80 0.94" "0.20 0.94" "0.85 0.5" "0.15 0.5"; do
          read -r cx cy <<<"$spot"
          m=$(convert "$base" -crop "${SW}x${SH}+$(awk "BEGIN{printf \"%d\", 40 + $cx * $PW - $SW / 2}")+$(awk "BEGIN{printf \"%d\", 40 + $cy * $PH - $SH / 2}")" +repage \
            -colorspace Gray -threshold 60% -negate -format '%[fx:mean]' info:)
          if awk "BEGIN{exit !($m < $best)}"; then best=$m sx=$cx sy=$cy; fi
        done
        office="POST ROOM"
        sdate=$(date -d "${HELDOUT_TODAY:-today}" +'%d %b %Y' | tr '[:lower:]' '[:upper:]')
      fi
      cx=$(awk "BEGIN{printf \"%d\", 40 + $sx * $PW}"); cy=$(awk "BEGIN{printf \"%d\", 40 + $sy * $PH}")
      ang=$(awk "BEGIN{a = 2.5 + $(pick "$n receivedstamp turn" "$seed" 51) / 10; print ($(pick "$n receivedstamp side" "$seed" 2) ? a : -a)}")
      case $(pick "$n receivedstamp ink" "$seed" 2) in
        0) ink='#c3262e' ;; *) ink='#23449c' ;;
      esac
      bw=$((SW / 70 + 2))
      # The stamp's face, white on black: the double frame, RECEIVED, the
      # date and the office, each fitted to its band.
      convert -size "${SW}x${SH}" xc:black -fill none -stroke white \
        -strokewidth "$bw" -draw "roundrectangle $((bw + 2)),$((bw + 2)) $((SW - bw - 3)),$((SH - bw - 3)) $((SH / 8)),$((SH / 8))" \
        -strokewidth "$((bw / 3 + 1))" -draw "roundrectangle $((3 * bw + 2)),$((3 * bw + 2)) $((SW - 3 * bw - 3)),$((SH - 3 * bw - 3)) $((SH / 12)),$((SH / 12))" \
        -stroke none \
        \( -background black -fill white -font DejaVu-Sans-Bold -size "$((SW * 74 / 100))x$((SH * 30 / 100))" -gravity center label:RECEIVED \) \
        -gravity north -geometry "+0+$((SH * 11 / 100))" -compose over -composite \
        \( -background black -fill white -font DejaVu-Sans-Mono-Bold -size "$((SW * 62 / 100))x$((SH * 22 / 100))" -gravity center label:"$sdate" \) \
        -gravity north -geometry "+0+$((SH * 44 / 100))" -compose over -composite \
        \( -background black -fill white -font DejaVu-Sans-Condensed-Bold -size "$((SW * 80 / 100))x$((SH * 15 / 100))" -gravity center label:"$office" \) \
        -gravity north -geometry "+0+$((SH * 70 / 100))" -compose over -composite +gravity \
        "$docs/$n.rs-face.png"
      # The inking: a smooth field of strength, the harder-pressed side, the
      # bare dots; multiplied into the face, the ink spreading a little.
      convert -size "$((SW / 10 + 1))x$((SH / 10 + 1))" -seed "$((seed + $(pick "$n receivedstamp field" "$seed" 997)))" plasma:grey50-grey50 \
        -colorspace Gray -blur 0x1.2 -auto-level -resize "${SW}x${SH}!" +level 45%,100% "$docs/$n.rs-field.png"
      convert -size "${SW}x${SH}" xc:gray50 -seed "$((seed + $(pick "$n receivedstamp dots" "$seed" 997)))" +noise Random \
        -colorspace Gray -threshold 10% -blur 0x0.6 "$docs/$n.rs-dots.png"
      convert "$docs/$n.rs-face.png" "$docs/$n.rs-field.png" -compose multiply -composite \
        "$docs/$n.rs-dots.png" -compose multiply -composite \
        \( -size "${SH}x${SW}" gradient:white-'#a3a3a3' -rotate "$((90 + 180 * $(pick "$n receivedstamp press" "$seed" 2)))" \) -compose multiply -composite \
        -blur 0x0.6 "$docs/$n.rs-alpha.png"
      convert -size "${SW}x${SH}" xc:"$ink" "$docs/$n.rs-alpha.png" -alpha off -compose copy_opacity -composite \
        -background none -rotate "$ang" +repage "$docs/$n.rs-stamp.png"
      local NW NH
      NW=$(identify -format %w "$docs/$n.rs-stamp.png"); NH=$(identify -format %h "$docs/$n.rs-stamp.png")
      convert "$base" \( -size "${W}x${H}" xc:white "$docs/$n.rs-stamp.png" -geometry "+$((cx - NW / 2))+$((cy - NH / 2))" -compose over -composite \) \
        -geometry +0+0 -compose multiply -composite "$docs/$n.rs-page.png"
      cap=$(pick "$n receivedstamp capture" "$seed" 2)
      if ((cap == 0)); then
        convert "$docs/$n.rs-page.png" -background white -rotate "$(awk "BEGIN{print ($(pick "$n receivedstamp skew" "$seed" 19) - 9) / 10}")" +repage \
          -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 88 "$f"
      else
        local B W2 H2
        B=$(((W < H ? W : H) / 25)); W2=$((W + 2 * B)); H2=$((H + 2 * B))
        convert "$docs/$n.rs-page.png" -bordercolor '#8a7f70' -border "$B" \
          -background '#7d7264' -virtual-pixel background \
          -distort Perspective "0,0 $((W2 / 60)),$((H2 / 70))  $W2,0 $((W2 - W2 / 55)),$((H2 / 90))  0,$H2 $((W2 / 80)),$((H2 - H2 / 60))  $W2,$H2 $((W2 - W2 / 50)),$((H2 - H2 / 70))" \
          \( -size "${W2}x${H2}" xc: -sparse-color Barycentric "0,0 #ffffff $W2,$H2 #bdbdbd" \) -compose multiply -composite \
          -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      fi
      rm -f "$docs/$n".rs-* ;;
    faraway)
      # A phone photo taken standing up, the page lying on a desk or on the
      # floor well below (unseen73), as patients photograph a statement or
      # a receipt without bending over it: the page small in a large 12 MP
      # frame (4000x3000, or 3000x4000 for a page taller than wide), about
      # a third of the frame's width (30-37%, less where a long page would
      # pass 62% of the frame's height), turned up to 6 degrees and a
      # little off centre, with its soft shadow; around it what lies there:
      # a wooden desk with a keyboard's edge and its keys along one side, a
      # plain desk, or a patterned rug on the floor; the phone held at an
      # angle, so the frame is in perspective (its far side about 12%
      # narrower); light falling off, a little noise, the phone's
      # sharpening, the best JPEG quality under the 4,000,000-byte upload
      # limit, stored upright. The surround, the turn, the size, the place
      # and which edge the keyboard lies along drawn from SEED and the
      # document. Not harsh: the print is small but sharp, and every field
      # is legible to a person zooming in.
      f=$docs/$n.faraway.jpg
      local FW=4000 FH=3000 PW PH kind turn ox oy kb q
      ((H > W)) && FW=3000 FH=4000
      PW=$((FW * (30 + $(pick "$n faraway size" "$seed" 8)) / 100)); PH=$((H * PW / W))
      if ((PH > FH * 62 / 100)); then PH=$((FH * 62 / 100)); PW=$((W * PH / H)); fi
      kind=$(pick "$n faraway surround" "$seed" 3)
      turn=$(awk "BEGIN{print ($(pick "$n faraway turn" "$seed" 121) - 60) / 10}")
      ox=$(( $(pick "$n faraway x" "$seed" 21) - 10 )); oy=$(( $(pick "$n faraway y" "$seed" 21) - 10 ))
      kb=$(pick "$n faraway keyboard" "$seed" 2)
      # The surround, drawn at a quarter of the frame and scaled up (it is
      # texture, not print).
      local SW=$((FW / 4)) SH=$((FH / 4))
      case $kind in
        0 | 1)  # a wooden desk: grain along its length, planks' seams
          convert -size "$((SW + 80))x${SH}" xc:'#9a7650' -seed "$((seed + 7))" -attenuate 1.6 +noise Gaussian \
            -motion-blur 0x18+0 -crop "${SW}x${SH}+40+0" +repage -modulate 100,80 \
            -fill '#6e5236' -draw "line 0,$((SH / 3)) $SW,$((SH / 3))" -draw "line 0,$((SH * 3 / 4)) $SW,$((SH * 3 / 4))" \
            -blur 0x0.6 -resize "${FW}x${FH}!" "$docs/$n.fa-bg.png" ;;
        2)  # a patterned rug on the floor: a soft check of two colours and its pile
          convert \( -size 40x40 xc:'#b89a74' -fill '#7a3b34' -draw 'rectangle 0,0 19,19' -draw 'rectangle 20,20 39,39' -write mpr:fa-check +delete \) \
            -size "${SW}x${SH}" tile:mpr:fa-check -blur 0x1.2 \
            -seed "$((seed + 7))" -attenuate 0.5 +noise Gaussian -resize "${FW}x${FH}!" "$docs/$n.fa-bg.png" ;;
      esac
      if ((kind == 0)); then
        # A keyboard's edge along the top or the bottom of the frame: its
        # dark case and a row and a half of keys.
        local KH=$((FH / 9)) ky y0 x k=$((FW / 26))
        ky=$((kb == 0 ? 0 : FH - KH))
        local kd=(-fill '#26282b' -draw "roundrectangle $((FW / 12)),$ky $((FW - FW / 10)),$((ky + KH)) 30,30" -fill '#3b3e42')
        for y0 in $((ky + KH / 8)) $((ky + KH / 2 + KH / 16)); do
          for ((x = FW / 12 + k / 3; x + k < FW - FW / 10; x += k + k / 6)); do
            kd+=(-draw "roundrectangle $x,$y0 $((x + k)),$((y0 + KH * 3 / 8)) 10,10")
          done
        done
        convert "$docs/$n.fa-bg.png" "${kd[@]}" "$docs/$n.fa-bg.png"
      fi
      # The page: scaled down sharp, turned, its soft shadow, placed a little
      # off centre.
      convert "$base" -filter Lanczos -resize "${PW}x${PH}!" +filter -background none -rotate "$turn" \
        \( +clone -background black -shadow 55x12+10+14 \) +swap -background none -layers merge +repage "$docs/$n.fa-page.png"
      convert "$docs/$n.fa-bg.png" "$docs/$n.fa-page.png" -gravity center \
        -geometry "$(printf '%+d%+d' $((FW * ox / 100)) $((FH * oy / 100)))" -compose over -composite +gravity \
        -virtual-pixel mirror \
        -distort Perspective "0,0 $((FW * 6 / 100)),$((FH / 40))  $FW,0 $((FW - FW * 6 / 100)),$((FH / 40))  0,$FH 0,$FH  $FW,$FH $FW,$FH" \
        \( -size "${FW}x${FH}" xc: -sparse-color Barycentric "0,0 #ffffff $FW,$FH #9c9c9c" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.15 +noise Gaussian -unsharp 0x1+0.6+0 "$docs/$n.fa.miff"
      for q in 92 88 84 80 76 72 68; do
        convert "$docs/$n.fa.miff" -quality "$q" "$f"
        (($(stat -c %s "$f") < 4000000)) && break
      done
      rm -f "$docs/$n".fa-* "$docs/$n.fa.miff" ;;
    showthrough)
      # A page printed on thin paper (a till roll, a cheap leaflet, a thin
      # letter, a screenshot printed on the cheapest paper) photographed
      # lying on its second sheet (unseen74): the print of the sheet's back
      # shows through, mirrored as seen from the front (the sheet turned
      # over left to right or top to bottom) and offset from the page's own
      # lines, faint, soft (blurred, sigma 1.8 px) and grey (its darkest at 70-78% of white) behind
      # the page's own print, which stays black; the thin paper a little
      # cream and uneven (a soft mottle, about 4%); then a phone photo:
      # slight perspective, light falling off, noise, JPEG 85. The strength,
      # the offset (1-4% of the page's width across, 1-3% of its height
      # down, either way), the mirror's axis, the mottle and the perspective
      # drawn from SEED and the document. Not harsh: every field stays
      # legible to a person, the grey print behind plainly not the page's.
      f=$docs/$n.showthrough.jpg
      local lv dx dy mirror
      lv=$((70 + $(pick "$n showthrough level" "$seed" 9)))
      dx=$((W * (1 + $(pick "$n showthrough dx" "$seed" 4)) / 100 * (2 * $(pick "$n showthrough sx" "$seed" 2) - 1)))
      dy=$((H * (1 + $(pick "$n showthrough dy" "$seed" 3)) / 100 * (2 * $(pick "$n showthrough sy" "$seed" 2) - 1)))
      mirror=-flop
      (($(pick "$n showthrough axis" "$seed" 3) == 0)) && mirror=-flip
      # The back, seen through the paper: mirrored, soft, faded to grey.
      convert "$base" "$mirror" -colorspace Gray -blur 0x1.8 +level "${lv}%,100%" "$docs/$n.st-back.png"
      convert -size "${W}x${H}" xc:white "$docs/$n.st-back.png" -geometry "$(printf '%+d%+d' "$dx" "$dy")" -compose over -composite \
        "$docs/$n.st-ghost.png"
      # The thin paper's mottle, drawn small and scaled up (it is texture).
      convert -size "$((W / 12 + 1))x$((H / 12 + 1))" -seed "$((seed + $(pick "$n showthrough mottle" "$seed" 997)))" plasma:grey50-grey50 \
        -colorspace Gray -blur 0x2 -auto-level -resize "${W}x${H}!" +level 96%,100% "$docs/$n.st-mottle.png"
      local px=$((W / (40 + $(pick "$n showthrough persp" "$seed" 30))))
      convert "$base" "$docs/$n.st-ghost.png" -compose multiply -composite \
        "$docs/$n.st-mottle.png" -compose multiply -composite \
        \( -size "${W}x${H}" xc:'#f6f0e2' \) -compose multiply -composite \
        -background '#8d8376' -virtual-pixel background \
        -distort Perspective "0,0 $px,$((H / 60))  $W,0 $((W - W / 70)),0  0,$H 0,$((H - H / 70))  $W,$H $((W - px)),$((H - H / 50))" \
        \( -size "${W}x${H}" xc: -sparse-color Barycentric "0,0 #ffffff $W,$H #b4b4b4" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n".st-* ;;
    stapled)
      # Two or three pages stapled at a corner and photographed as a stack
      # lying on a desk (unseen81), as patients keep a letter, a form or a
      # statement with its other pages: the staple's crown (a short metal
      # bar, a bright and a dark edge) at 45 degrees across the corner, in
      # the sheet's margin (the page is given a margin of paper round its
      # print first), with its small shadow; the pages under the top one
      # (one or two, drawn from SEED and the document) a little off white,
      # each turned 0.2-0.6 degrees about the staple and pushed 0.6-1.6% of
      # the width and height out of line, so their edges show along one or
      # two sides; every sheet casts a soft shadow on what is under it. The
      # top page's free corner across from the staple is lifted a little:
      # drawn in by about 1% (a smooth local warp), shaded 8-14% darker
      # beyond a fold line (a fifth of the width, a sixth of the height),
      # with a deeper shadow on the sheet under it. The staple is at the top
      # left or (a third of the time) the top right, and the turns, shifts,
      # shading and the desk's colour drawn from SEED and the document; then
      # a phone photo: slight perspective, light falling off, noise, JPEG 85.
      # Not harsh: the print is untouched but for the lifted corner's shade.
      f=$docs/$n.stapled.jpg
      local P=$((W / 40)) PW PH M CW CH side desk k npages i lx ly fw fh
      PW=$((W + 2 * P)); PH=$((H + 2 * P)); M=$(((PW > PH ? PW : PH) / 12)); CW=$((PW + 2 * M)); CH=$((PH + 2 * M))
      side=$(pick "$n stapled side" "$seed" 3)
      desk=$( (($(pick "$n stapled desk" "$seed" 2) == 0)) && echo '#8a6b4e' || echo '#a7a39b')
      k=$((8 + $(pick "$n stapled shade" "$seed" 7)))
      npages=$((2 + $(pick "$n stapled pages" "$seed" 2)))
      lx=$((PW / 100 + $(pick "$n stapled lx" "$seed" $((PW / 200 + 1))))); ly=$((PH / 110 + $(pick "$n stapled ly" "$seed" $((PH / 220 + 1)))))
      fw=$((PW / 5)); fh=$((PH / 6))
      # The staple's point (the sheets turn about it), in the canvas.
      local sx=$((M + PW * 4 / 100)) sy=$((M + PW * 4 / 100)) sl=$((PW * 23 / 1000))
      local flip=()
      ((side == 0)) && flip=(-flop)
      # The top page (mirrored for a top-right staple: built as top-left,
      # mirrored back at the end), with its paper margin and the corner
      # drawn in by the lift.
      convert "$base" "${flip[@]}" -bordercolor white -border "$P" -alpha set -background none -virtual-pixel transparent \
        -distort Shepards "$PW,$PH $((PW - lx)),$((PH - ly))  0,0 0,0  $PW,0 $PW,0  0,$PH 0,$PH  $((PW / 2)),$((PH / 2)) $((PW / 2)),$((PH / 2))  $PW,$((PH * 3 / 4)) $PW,$((PH * 3 / 4))  $((PW * 3 / 4)),$PH $((PW * 3 / 4)),$PH  $((PW / 2)),$PH $((PW / 2)),$PH  $PW,$((PH / 2)) $PW,$((PH / 2))" \
        "$docs/$n.sp-top.png"
      # The lifted corner beyond its fold line, soft-edged.
      convert -size "${PW}x${PH}" xc:black -fill white -draw "polygon $((PW - fw)),$PH $PW,$((PH - fh)) $PW,$PH" -blur "0x$((PW / 90))" "$docs/$n.sp-fold.png"
      convert "$docs/$n.sp-top.png" \( "$docs/$n.sp-fold.png" -evaluate multiply "0.$(printf %02d "$k")" -negate \) -compose multiply -composite \
        "$docs/$n.sp-top.png" -compose copy_opacity -composite "$docs/$n.sp-top2.png"
      convert -size "${CW}x${CH}" xc:none "$docs/$n.sp-top2.png" -geometry "+$M+$M" -compose over -composite "$docs/$n.sp-L0.png"
      convert -size "${CW}x${CH}" xc:black "$docs/$n.sp-fold.png" -geometry "+$M+$M" -compose over -composite "$docs/$n.sp-foldc.png"
      # The desk, with a faint grain.
      convert -size "${CW}x${CH}" xc:"$desk" \( -size "$((CW / 8))x${CH}" xc:gray50 -seed "$seed" -attenuate 0.6 +noise Gaussian -resize "${CW}x${CH}!" -blur 0x2 \) \
        -compose softlight -composite "$docs/$n.sp-acc.png"
      # The pages under the top one, lowest first, each with its shadow.
      for ((i = npages - 1; i >= 1; i--)); do
        local ang dx dy paper two
        ang=$(awk -v a="$(pick "$n stapled ang $i" "$seed" 41)" -v s="$(pick "$n stapled sgn $i" "$seed" 2)" 'BEGIN{printf "%.2f", (s ? 1 : -1) * (0.2 + a / 100)}')
        two=$(pick "$n stapled two $i" "$seed" 3)
        dx=$((PW * (6 + $(pick "$n stapled dx $i" "$seed" 10) + 3 * (i - 1)) / 1000)); dy=$((PH * (6 + $(pick "$n stapled dy $i" "$seed" 10) + 3 * (i - 1)) / 1000))
        ((two == 1)) && dy=$((dy / 4))
        ((two == 2)) && dx=$((dx / 4))
        paper=$( ((i == 1)) && echo '#f5f4ef' || echo '#eeede7')
        convert -size "${CW}x${CH}" xc:none \( -size "${PW}x${PH}" xc:"$paper" \) -geometry "+$M+$M" -compose over -composite \
          -background none -virtual-pixel transparent -distort SRT "$sx,$sy 1 $ang $((sx + dx)),$((sy + dy))" "$docs/$n.sp-L$i.png"
        convert "$docs/$n.sp-acc.png" \( "$docs/$n.sp-L$i.png" -alpha extract -blur "0x$((PW / 120))" -roll "+$((PW / 200))+$((PW / 150))" -evaluate multiply 0.30 -negate \) \
          -compose multiply -composite "$docs/$n.sp-L$i.png" -compose over -composite "$docs/$n.sp-acc.png"
      done
      # The top page's shadow, the lifted corner's deeper one, the page, the staple.
      local x0=$((sx - sl)) y0=$((sy + sl)) x1=$((sx + sl)) y1=$((sy - sl)) sw=$((PW / 300 + 3))
      convert "$docs/$n.sp-acc.png" \
        \( "$docs/$n.sp-L0.png" -alpha extract -blur "0x$((PW / 120))" -roll "+$((PW / 200))+$((PW / 150))" -evaluate multiply 0.30 -negate \) -compose multiply -composite \
        \( "$docs/$n.sp-foldc.png" -blur "0x$((PW / 60))" -roll "+$((PW / 70))+$((PW / 60))" -evaluate multiply 0.35 -negate \) -compose multiply -composite \
        "$docs/$n.sp-L0.png" -compose over -composite \
        \( -size "${CW}x${CH}" xc:none -stroke 'rgba(0,0,0,0.45)' -strokewidth "$sw" -draw "line $((x0 + 3)),$((y0 + 4)) $((x1 + 3)),$((y1 + 4))" -blur 0x2.5 \) -compose over -composite \
        -stroke '#6f757c' -strokewidth "$sw" -draw "line $x0,$y0 $x1,$y1" \
        -stroke '#dfe3e8' -strokewidth 1.5 -draw "line $((x0 - 1)),$((y0 - 1)) $((x1 - 1)),$((y1 - 1))" \
        -stroke '#3c4046' -strokewidth 1 -draw "line $((x0 + sw / 2)),$((y0 + sw / 2)) $((x1 + sw / 2)),$((y1 + sw / 2))" \
        "${flip[@]}" -alpha off \
        -background '#5a5048' -virtual-pixel background \
        -distort Perspective "0,0 $((CW / 70)),$((CH / 90))  $CW,0 $((CW - CW / 60)),$((CH / 120))  0,$CH $((CW / 110)),$((CH - CH / 80))  $CW,$CH $((CW - CW / 90)),$((CH - CH / 70))" \
        \( -size "${CW}x${CH}" radial-gradient:white-'#c4c4c4' \) -compose multiply -composite \
        -blur 0x0.5 -seed "$seed" -attenuate 0.22 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n".sp-* ;;
    dappled)
      # A phone photo of the page taken outdoors or by a window in bright
      # direct sun (unseen75), the shadows of a tree's or a house plant's
      # leaves dappled across it: clusters of leaf shadows (rotated
      # ellipses, 4-6 clusters of 14-24 leaves, with the twigs' thin
      # shadows) hard-edged, as the shadow of near leaves is in direct sun
      # (blurred 1.2 px), the paper in them at about 60% of the light and a
      # little cool; two or three broad soft shadows of farther foliage
      # (about 72%) with the bright round sun-flecks that gaps in the
      # leaves let through; the sunlit paper warm (cream) and its
      # highlights slightly blown (levels pulled to 90%, and a broad soft
      # warm bloom screened over one part of the page, black lifted at most
      # about 16%). The shadows fall on the sill or garden table round the
      # page too. Where the clusters, twigs, soft shadows, flecks and bloom
      # fall, and the leaves' sizes and turns, are drawn from SEED and the
      # document (awk's srand from pick); then slight perspective, light
      # falling off a little, noise, JPEG 85. Not harsh: the print in the
      # shade stays black on a grey-blue paper and the print in the sun
      # black on cream; every field is legible at a glance.
      f=$docs/$n.dappled.jpg
      local B W2 H2 rs surface
      B=$(((W < H ? W : H) / 20)); W2=$((W + 2 * B)); H2=$((H + 2 * B))
      rs=$(pick "$n dappled" "$seed" 2147483)
      surface=$( (($(pick "$n dappled surface" "$seed" 2) == 0)) && echo '#a38b6b' || echo '#dcd6cb')
      local -a hard soft
      mapfile -t hard < <(awk -v r="$rs" -v w="$W2" -v h="$H2" 'BEGIN{
        srand(r); m = (w < h ? w : h); nc = 4 + int(rand() * 3)
        for (c = 0; c < nc; c++) {
          cx = rand() * w; cy = rand() * h; R = m * (0.10 + rand() * 0.10)
          tw = rand() * 360; tl = R * (1.2 + rand())
          printf "-draw\nstroke #979cab stroke-width %d line %d,%d %d,%d\n", m / 170 + 1, cx, cy, cx + tl * cos(tw * 3.14159 / 180), cy + tl * sin(tw * 3.14159 / 180)
          nl = 14 + int(rand() * 11)
          for (i = 0; i < nl; i++) {
            a = rand() * 6.28318; d = R * sqrt(rand())
            x = cx + d * cos(a); y = cy + d * sin(a)
            L = m * (0.025 + rand() * 0.04)
            printf "-draw\ntranslate %d,%d rotate %d fill #979cab ellipse 0,0 %d,%d 0,360\n", x, y, rand() * 180, L, L * (0.35 + rand() * 0.2)
          }
        }}')
      mapfile -t soft < <(awk -v r="$((rs + 17))" -v w="$W2" -v h="$H2" 'BEGIN{
        srand(r); m = (w < h ? w : h); ns = 2 + int(rand() * 2)
        for (i = 0; i < ns; i++) {
          x = rand() * w; y = rand() * h
          printf "-draw\ntranslate %d,%d rotate %d fill #b5b8c2 ellipse 0,0 %d,%d 0,360\n", x, y, rand() * 180, m * (0.18 + rand() * 0.12), m * (0.10 + rand() * 0.08)
        }
        printf "-blur\n0x%d\n", m / 30
        nf = 10 + int(rand() * 8)
        for (i = 0; i < nf; i++) printf "-draw\nfill white circle %d,%d %d,%d\n", rand() * w, rand() * h, 0, m * (0.006 + rand() * 0.012)
        }')
      local BX BY BR
      BX=$(pick "$n dappled bloom x" "$seed" "$W2"); BY=$(pick "$n dappled bloom y" "$seed" "$H2"); BR=$(((W2 > H2 ? W2 : H2) / 3))
      convert -size "${W2}x${H2}" xc:white "${soft[@]}" -blur 0x2 \
        \( -size "${W2}x${H2}" xc:white "${hard[@]}" -blur 0x1.2 \) -compose multiply -composite "$docs/$n.dp-mask.png"
      convert "$base" -bordercolor "$surface" -border "$B" \
        \( +clone -fill '#fff1da' -colorize 100 \) -compose multiply -composite \
        -level 0%,90% \
        "$docs/$n.dp-mask.png" -compose multiply -composite \
        \( -size "${W2}x${H2}" xc:black \( -size "$((2 * BR))x$((2 * BR))" radial-gradient:'#2a2418'-black \) \
           -geometry "+$((BX - BR))+$((BY - BR))" -compose lighten -composite \) -compose screen -composite \
        -background '#6f6a5f' -virtual-pixel background \
        -distort Perspective "0,0 $((W2 / 60)),$((H2 / 70))  $W2,0 $((W2 - W2 / 45)),$((H2 / 100))  0,$H2 $((W2 / 100)),$((H2 - H2 / 60))  $W2,$H2 $((W2 - W2 / 70)),$((H2 - H2 / 50))" \
        \( -size "${W2}x${H2}" radial-gradient:white-'#dcdcdc' \) -compose multiply -composite \
        -blur 0x0.5 -seed "$seed" -attenuate 0.22 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.dp-mask.png" ;;
    torncorner)
      # A page with a torn edge and one corner torn away or folded back,
      # photographed or scanned (unseen79): a sheet torn off a pad or out of
      # a register, a slip pulled off a bag, a sheet that lived in a pocket.
      # One side is torn along a ragged line (two slow waves and a little
      # jitter, up to 35 px in from the edge, inside the page's white margin);
      # one corner (legs 8-12% of the page's shorter side) is torn away along
      # a ragged line or, one time in three, folded back behind the page
      # along a straight crease (no fibres there, a soft dark line where the
      # paper bends). White paper fibres stand out of the torn lines (a
      # broken, fuzzy white fringe of 1-4 px over the background), and a
      # crease runs across the page (a faint shadow line beside a lighter
      # one, the print under it about 15% greyer at most). The side, the
      # corner, the tear's shape and the crease's place and angle are drawn
      # from SEED and the document; then either a phone photo (the page on a
      # table with its soft shadow, slight perspective, light falling off,
      # noise, JPEG 85) or, one time in three, a flatbed scan (the lid's
      # grey round the page, turned up to 1 degree, light noise, JPEG 88),
      # drawn the same way.
      # Not harsh: the tear takes only margin and the corner's blank paper;
      # every field stays legible to a person.
      f=$docs/$n.torncorner.jpg
      local mm a b fold side flips rs x1 y1 x2 y2 B PW PH bg
      mm=$((W < H ? W : H))
      a=$((mm * (8 + $(pick "$n torn a" "$seed" 5)) / 100)); b=$((mm * (8 + $(pick "$n torn b" "$seed" 5)) / 100))
      fold=$(( $(pick "$n torn fold" "$seed" 3) == 0 ))
      side=$(pick "$n torn side" "$seed" 2)
      case $(pick "$n torn corner" "$seed" 4) in 0) flips="" ;; 1) flips="-flop" ;; 2) flips="-flip" ;; *) flips="-flip -flop" ;; esac
      rs=$(pick "$n torn shape" "$seed" 2147483)
      # The paper's shape (white = paper), drawn with the torn corner at the
      # bottom right and the torn side at the top or the left, then turned
      # to the corner drawn; a second mask holds the torn lines alone (where
      # the fibres are), a third the fold's line.
      local -a shape
      mapfile -t shape < <(awk -v r="$rs" -v W="$W" -v H="$H" -v a="$a" -v b="$b" -v fold="$fold" -v side="$side" 'BEGIN{
        srand(r); pi = 3.14159
        d = 12 + rand() * 10; A1 = 3 + rand() * 4; L1 = 60 + rand() * 80; P1 = rand() * 6.3; A2 = 1.5 + rand() * 2; L2 = 11 + rand() * 9; P2 = rand() * 6.3
        n = (side == 0 ? W : H); pts = ""
        for (t = 0; t <= n + 6; t += 6) {
          u = (t > n ? n : t); v = d + A1 * sin(u / L1 + P1) + A2 * sin(u / L2 + P2) + rand() * 2.2
          if (side == 0) pts = pts sprintf(" %d,%d", u, v); else pts = pts sprintf(" %d,%d", v, u)
        }
        if (side == 0) edge = "polygon" pts sprintf(" %d,-5 -5,-5", W + 5); else edge = "polygon" pts sprintf(" -5,%d -5,-5", H + 5)
        # the corner: from (W-a,H) to (W,H-b), ragged unless folded
        cp = ""; k = 40 + int(rand() * 16); len = sqrt(a * a + b * b); nx = b / len; ny = a / len
        for (i = 0; i <= k; i++) {
          s = i / k; x = W - a + a * s; y = H - b * s
          j = (fold || i == 0 || i == k) ? 0 : (sin(s * pi * 2.5 + P1) * mm_j() + (rand() - 0.5) * 4)
          cp = cp sprintf(" %d,%d", x - nx * j, y - ny * j)
        }
        corner = sprintf("polygon %s %d,%d", cp, W + 5, H + 5)
        print "-draw"; print edge; print "-draw"; print corner
        print "CP" cp
      }
      function mm_j() { return (W < H ? W : H) / 110 }')
      local cpts=${shape[4]#CP}
      convert -size "${W}x${H}" xc:white -fill black "${shape[@]:0:4}" $flips "$docs/$n.tc-mask.png"
      # The torn lines: the paper's outline, less the fold's straight line.
      convert "$docs/$n.tc-mask.png" -morphology EdgeOut Disk:3.5 "$docs/$n.tc-edge.png"
      if ((fold)); then
        convert -size "${W}x${H}" xc:black -stroke white -strokewidth 9 -fill none -draw "polyline $cpts" $flips -negate \
          "$docs/$n.tc-edge.png" -compose multiply -composite "$docs/$n.tc-edge.png"
        convert -size "${W}x${H}" xc:white -stroke '#8a8a8a' -strokewidth 3 -fill none -draw "polyline $cpts" -blur 0x2.5 $flips "$docs/$n.tc-foldline.png"
      else
        convert -size "${W}x${H}" xc:white "$docs/$n.tc-foldline.png"
      fi
      # The fibres: the torn lines broken by speckle, fuzzy.
      convert "$docs/$n.tc-edge.png" \( -size "${W}x${H}" xc:gray50 -seed "$((seed + rs % 997))" -attenuate 1.6 +noise Uniform -colorspace Gray -threshold 38% \) \
        -compose multiply -composite -blur 0x0.8 -level 0%,55% "$docs/$n.tc-fib.png"
      # The crease: through a point in the middle third, at an angle drawn.
      local cx cy ang dxl dyl
      cx=$((W / 3 + $(pick "$n torn cx" "$seed" $((W / 3 + 1))))); cy=$((H / 3 + $(pick "$n torn cy" "$seed" $((H / 3 + 1)))))
      ang=$((-35 + $(pick "$n torn ang" "$seed" 71)))
      ((W > H)) && ang=$((ang + 90))
      read -r dxl dyl < <(awk -v a="$ang" -v L="$((W + H))" 'BEGIN{print int(L * sin(a * 3.14159 / 180)), int(L * cos(a * 3.14159 / 180))}')
      x1=$((cx - dxl)); y1=$((cy - dyl)); x2=$((cx + dxl)); y2=$((cy + dyl))
      convert -size "${W}x${H}" xc:white -stroke '#d8d8d8' -strokewidth 4 -draw "line $x1,$y1 $x2,$y2" -blur 0x1.6 "$docs/$n.tc-crease.png"
      convert -size "${W}x${H}" xc:black -stroke '#2e2e2e' -strokewidth 3 -draw "line $((x1 + 5)),$y1 $((x2 + 5)),$y2" -blur 0x1.2 "$docs/$n.tc-crlight.png"
      # The paper: the print, the crease and the fold's shading, cut to its shape.
      convert "$base" "$docs/$n.tc-crease.png" -compose multiply -composite "$docs/$n.tc-crlight.png" -compose screen -composite \
        "$docs/$n.tc-foldline.png" -compose multiply -composite \
        "$docs/$n.tc-mask.png" -alpha off -compose copy_opacity -composite "$docs/$n.tc-paper.png"
      B=$((mm / 14 + 20)); PW=$((W + 2 * B)); PH=$((H + 2 * B))
      # The paper, its fibres and its shadow, each on the whole frame so
      # that they line up pixel for pixel.
      convert "$docs/$n.tc-paper.png" -background none -gravity center -extent "${PW}x${PH}" +gravity "$docs/$n.tc-paperP.png"
      convert "$docs/$n.tc-fib.png" -bordercolor black -border "$B" "$docs/$n.tc-fibP.png"
      if (($(pick "$n torn how" "$seed" 3) == 0)); then
        # A flatbed scan: the lid's grey round the page, turned a little.
        local turn
        turn=$(awk "BEGIN{print ($(pick "$n torn turn" "$seed" 21) - 10) / 10}")
        convert -size "${PW}x${PH}" xc:'#dcdcd9' \
          xc:black \( "$docs/$n.tc-paperP.png" -alpha extract -blur 0x2 -roll +1+1 +level 0,35% \) -compose over -composite \
          "$docs/$n.tc-paperP.png" -compose over -composite \
          xc:white "$docs/$n.tc-fibP.png" -compose over -composite \
          -background '#dcdcd9' -rotate "$turn" -seed "$seed" -attenuate 0.15 +noise Gaussian -quality 88 "$f"
      else
        # A phone photo: the page on a table, its soft shadow, perspective, light falling off.
        bg=$( (($(pick "$n torn table" "$seed" 2) == 0)) && echo '#6f5a45' || echo '#4f5b66')
        convert -size "${PW}x${PH}" xc:"$bg" -seed "$seed" -attenuate 0.4 +noise Gaussian -blur 0x1.2 \
          xc:black \( "$docs/$n.tc-paperP.png" -alpha extract -blur 0x6 -roll +5+7 +level 0,50% \) -compose over -composite \
          "$docs/$n.tc-paperP.png" -compose over -composite \
          xc:'#f4f2ec' "$docs/$n.tc-fibP.png" -compose over -composite \
          -background "$bg" -virtual-pixel background \
          -distort Perspective "0,0 $((PW / 55)),$((PH / 60))  $PW,0 $((PW - PW / 70)),$((PH / 90))  0,$PH $((PW / 80)),$((PH - PH / 55))  $PW,$PH $((PW - PW / 45)),$((PH - PH / 70))" \
          \( -size "${PW}x${PH}" radial-gradient:white-'#b3b3b3' \) -compose multiply -composite \
          -blur 0x0.5 -seed "$seed" -attenuate 0.22 +noise Gaussian -quality 85 "$f"
      fi
      rm -f "$docs/$n".tc-* ;;
    plasticbag)
      # A label or page photographed through the clear or frosted plastic
      # bag the pharmacy sealed it in, without taking it out (unseen76):
      # the bag a little larger than the page, lying on a table; its
      # heat-sealed seam along the top (a denser band of fine ridges with a
      # bright rim) and its printed logo (a green cross and PRESCRIPTION,
      # with a small recycling line) on the film below the page, never over
      # the print; the film's haze lifting the print's black (clear film
      # about 7%, frosted about 15% and a faint softening), so a slight loss
      # of contrast; the crinkled plastic's specular streaks: 7-11 bright
      # narrow wobbly streaks (a bright core in a softer glow) centred on
      # the page and running across its print in one main direction
      # (screened, peak about 40-52% towards white, so print under them is
      # a grey, not lost), a few zigzag crinkles (a faint shadow beside a
      # bright edge), and two or three broad soft white reflections (at
      # most about 20%). The film (clear or frosted), the streaks'
      # direction, places and wobble, the crinkles, the reflections and the
      # logo's place are drawn from SEED and the document; then a phone
      # photo: slight perspective, light falling off, noise, JPEG 85. Not
      # harsh: every field stays legible to a person at a glance.
      f=$docs/$n.plasticbag.jpg
      local pp M T CW CH PX PY frost l pbs=() pbk=() pbf=() fb=()
      pp=$(python3 - "$n" "$seed" "$W" "$H" "$docs/$n.pb-soft.mvg" "$docs/$n.pb-streak.mvg" "$docs/$n.pb-film.mvg" <<'EOF'
import math, random, sys
n, seed, W, H = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
r = random.Random(f"{n} plasticbag {seed}")
M = max(60, min(W, H) // 10)      # the bag beyond the page
T = M // 2                        # the table round the bag
CW, CH = W + 2 * M + 2 * T, H + 3 * M + 2 * T
PX, PY = T + M, T + M             # the page's corner (seam band above it, logo band below)
frost = 1 if r.random() < 0.5 else 0
BX0, BY0, BX1, BY1 = T, T, CW - T, CH - T
with open(sys.argv[5], "w") as m:
    # The light reflected by the film, white on black: soft broad reflections.
    for _ in range(r.randint(2, 3)):
        cx, cy = r.uniform(BX0, BX1), r.uniform(BY0, BY1)
        rx, ry = r.uniform(0.14, 0.26) * CW, r.uniform(0.08, 0.16) * CH
        m.write(f"fill gray({r.randint(40, 48)}%) stroke none ellipse {cx:.0f},{cy:.0f} {rx:.0f},{ry:.0f} 0,360\n")
with open(sys.argv[6], "w") as m:
    # The crinkles' narrow streaks, along one main direction.
    base = math.radians(r.uniform(-35, 35) + (90 if r.random() < 0.3 else 0))
    L = math.hypot(CW, CH)
    sw = max(3.0, min(W, H) / 130)
    for _ in range(r.randint(7, 11)):
        a = base + math.radians(r.uniform(-14, 14))
        cx, cy = r.uniform(PX, PX + W), r.uniform(PY, PY + H)   # across the print
        half = L * r.uniform(0.12, 0.32)
        ux, uy, vx, vy = math.cos(a), math.sin(a), -math.sin(a), math.cos(a)
        k = r.randint(5, 8)
        pts = []
        for i in range(k + 1):
            t = -half + 2 * half * i / k
            w = r.uniform(-1, 1) * min(W, H) / 45
            pts.append((cx + ux * t + vx * w, cy + uy * t + vy * w))
        g = r.randint(78, 100)
        wid = sw * r.uniform(0.8, 2.2)
        pl = " ".join(f"{x:.0f},{y:.0f}" for x, y in pts)
        m.write(f"fill none stroke gray({g * 7 // 10}%) stroke-width {wid * 2.2:.1f} stroke-linejoin round stroke-linecap round polyline {pl}\n")
        m.write(f"fill none stroke gray({g}%) stroke-width {wid * 0.7:.1f} stroke-linejoin round stroke-linecap round polyline {pl}\n")
with open(sys.argv[7], "w") as m:
    # The film over everything: haze, the seam's ridges and rim, the printed
    # logo under the page, a few faint crinkle shadows, the bag's edge.
    haze = 0.15 if frost else 0.07
    m.write(f"fill rgba(248,250,252,{haze}) stroke none rectangle {BX0},{BY0} {BX1},{BY1}\n")
    sy0, sy1 = BY0, BY0 + M * 2 // 3
    m.write(f"fill rgba(250,252,255,0.28) stroke none rectangle {BX0},{sy0} {BX1},{sy1}\n")
    for y in range(sy0 + 3, sy1, 5):
        m.write(f"stroke rgba(0,0,0,0.10) stroke-width 1 line {BX0},{y} {BX1},{y}\n")
    m.write(f"stroke rgba(255,255,255,0.80) stroke-width 2 line {BX0},{sy1} {BX1},{sy1}\n")
    ly = PY + H + M * 3 // 2
    fs = max(22, M * 2 // 3)
    lx = BX0 + r.randint(M // 2, max(M // 2 + 1, (BX1 - BX0) // 3))
    c = fs // 2
    m.write(f"stroke none fill rgba(30,140,70,0.80) rectangle {lx + c * 2 // 3},{ly - c} {lx + c * 4 // 3},{ly + c}\n")
    m.write(f"fill rgba(30,140,70,0.80) rectangle {lx},{ly - c // 3} {lx + 2 * c},{ly + c // 3}\n")
    m.write(f"font '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf' font-size {fs} fill rgba(30,140,70,0.80) text {lx + 2 * c + fs // 3},{ly + fs * 3 // 8} 'PRESCRIPTION'\n")
    m.write(f"font '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf' font-size {max(11, fs // 3)} fill rgba(60,60,60,0.55) text {lx + 2 * c + fs // 3},{ly + fs} 'Please reuse or recycle this bag  LDPE 4'\n")
    for _ in range(r.randint(4, 7)):
        # A crinkle: a zigzag crease, a faint shadow beside a bright edge.
        x, y = r.uniform(BX0, BX1), r.uniform(BY0, BY1)
        a = r.uniform(0, math.pi)
        seg = min(CW, CH) * r.uniform(0.04, 0.07)
        pts = [(x, y)]
        for _ in range(r.randint(3, 6)):
            a += r.uniform(-0.7, 0.7)
            x, y = x + math.cos(a) * seg, y + math.sin(a) * seg
            pts.append((x, y))
        sh = " ".join(f"{px + 2:.0f},{py + 3:.0f}" for px, py in pts)
        hi = " ".join(f"{px:.0f},{py:.0f}" for px, py in pts)
        m.write(f"fill none stroke rgba(0,0,0,0.12) stroke-width 3 stroke-linejoin round polyline {sh}\n")
        m.write(f"fill none stroke rgba(255,255,255,0.50) stroke-width 2 stroke-linejoin round polyline {hi}\n")
    m.write(f"fill none stroke rgba(255,255,255,0.60) stroke-width 3 rectangle {BX0 + 1},{BY0 + 1} {BX1 - 1},{BY1 - 1}\n")
print(M, T, CW, CH, PX, PY, frost)
EOF
)
      read -r M T CW CH PX PY frost <<<"$pp"
      while IFS= read -r l; do pbs+=(-draw "$l"); done <"$docs/$n.pb-soft.mvg"
      while IFS= read -r l; do pbk+=(-draw "$l"); done <"$docs/$n.pb-streak.mvg"
      while IFS= read -r l; do pbf+=(-draw "$l"); done <"$docs/$n.pb-film.mvg"
      if ((frost)); then fb=(-blur 0x0.6); fi
      convert -size "${CW}x${CH}" xc:black "${pbs[@]}" -blur "0x$((M / 3 + 4))" \
        \( -size "${CW}x${CH}" xc:black "${pbk[@]}" -blur "0x$((M / 40 + 1))" \) -compose lighten -composite \
        -evaluate multiply 0.52 "$docs/$n.pb-light.png"
      convert -size "${CW}x${CH}" xc:'#a58f74' -seed "$seed" -attenuate 0.3 +noise Gaussian -blur 0x1.2 \
        "$base" -geometry "+$PX+$PY" -compose over -composite \
        "${fb[@]}" \
        "${pbf[@]}" \
        "$docs/$n.pb-light.png" -compose screen -composite -compose over \
        -background '#a58f74' -virtual-pixel background \
        -distort Perspective "0,0 $((CW / 60)),$((CH / 50))  $CW,0 $((CW - CW / 45)),$((CH / 90))  0,$CH $((CW / 90)),$((CH - CH / 45))  $CW,$CH $((CW - CW / 35)),$((CH - CH / 60))" \
        \( -size "${CW}x${CH}" xc: -sparse-color Barycentric "0,0 #ffffff $CW,$CH #c2c2c2" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.2 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n".pb-* ;;
    binder)
      # The page kept in a ring binder and photographed there, the binder
      # lying open on a table (unseen77), as patients keep their letters,
      # slips and notices in a medical file: the page a little wider than
      # the print (its punched margin, a twelfth of the width) with two or
      # four punched holes down its left edge (2 at the 80 mm pitch's middle
      # pair, 4 at its full set, placed as on an A4 or letter sheet); the
      # binder's metal rings through them, each seen from above as a bar of
      # metal (dark rim, grey body, bright highlight) crossing the gutter to
      # the facing page, with its soft shadow on the paper; the ring
      # mechanism's plate down the gutter; the page bowed up towards the
      # rings, so its part near the gutter is foreshortened (pulled in by up
      # to 60% of the punched margin, a quadratic ramp over the page's left
      # quarter) and darker (down to about 60% of the light at the very
      # edge); the facing page's edge in frame left of the rings, shaded
      # towards the gutter; the binder's cover round it all (navy, black,
      # burgundy or grey). The holes' number, the cover's colour and the
      # perspective drawn from SEED and the document; then a phone photo:
      # slight perspective, light falling off, noise, JPEG 85. Not harsh:
      # the print past the punched margin is untouched but for the shading
      # and a slight squeeze, and every field stays legible at a glance.
      f=$docs/$n.binder.jpg
      local P=$((W / 12)) B F G Wp CW CH x0 y0 r t hx L A L2 cover holes fr y bars="" shadows="" circles=""
      B=$(((W < H ? W : H) / 16 + 10)); F=$((W / 9)); G=$((W / 7)); Wp=$((W + P))
      CW=$((B + F + G + Wp + B)); CH=$((H + 2 * B)); x0=$((B + F + G)); y0=$B
      r=$(((W < H ? W : H) / 60 + 6)); t=$((r * 13 / 10)); hx=$((x0 + P / 2))
      L=$((Wp / 4)); A=$((P * 6 / 10)); L2=$((Wp * 3 / 10))
      case $(pick "$n binder cover" "$seed" 4) in
        0) cover='#1f2a44' ;; 1) cover='#1c1c1e' ;; 2) cover='#5a1f2b' ;; *) cover='#5f6368' ;;
      esac
      if (($(pick "$n binder holes" "$seed" 2) == 0)); then holes="365 635"; else holes="96 365 635 904"; fi
      for fr in $holes; do
        y=$((y0 + H * fr / 1000))
        circles+="circle $hx,$y $((hx + r)),$y "
        shadows+="rectangle $((B + F * 2 / 3 + t / 2)),$((y - t / 2 + t)) $((hx + r + t / 2)),$((y + t / 2 + t)) "
        bars+="$y "
      done
      # The page: a punched margin added, bowed (a displacement ramp) and
      # shaded towards the rings.
      convert -size "${Wp}x1" xc: -fx "i < $L ? 0.5 + 0.5 * pow(1 - i / $L, 2) : 0.5" -scale "${Wp}x${H}!" "$docs/$n.bd-map.png"
      convert -size "${Wp}x1" xc: -fx "i < $L2 ? 0.60 + 0.40 * pow(i / $L2, 0.6) : 1" -scale "${Wp}x${H}!" "$docs/$n.bd-shade.png"
      convert "$base" -background white -gravity east -extent "${Wp}x${H}" +gravity \
        "$docs/$n.bd-map.png" -compose displace -set option:compose:args "${A}x0" -composite \
        "$docs/$n.bd-shade.png" -compose multiply -composite "$docs/$n.bd-page.png"
      local -a draw=()
      for y in $bars; do
        draw+=(-fill '#3a3a3a' -draw "roundrectangle $((B + F * 2 / 3)),$((y - t / 2)) $((hx + r / 3)),$((y + t / 2)) $((t / 2)),$((t / 2))")
        draw+=(-fill '#9a9ea3' -draw "roundrectangle $((B + F * 2 / 3)),$((y - t / 2 + t / 6)) $((hx + r / 3 - t / 6)),$((y + t / 2 - t / 6)) $((t / 3)),$((t / 3))")
        draw+=(-fill '#eef1f4' -draw "rectangle $((B + F * 2 / 3 + t / 3)),$((y - t / 5)) $((hx - r)),$((y - t / 5 + t / 8 + 1))")
      done
      convert -size "${CW}x${CH}" xc:"$cover" -seed "$seed" -attenuate 0.2 +noise Gaussian -blur 0x1 \
        \( -size "$((F + G / 2))x$((H - H / 80))" gradient:'#f4f2ec'-'#f4f2ec' \
           \( -size "$((H - H / 80))x$((F + G / 2))" gradient:'#ffffff'-'#8c8a84' -rotate -90 \) -compose multiply -composite \) \
        -geometry "+$((B - B / 3))+$((y0 + H / 160))" -compose over -composite \
        -fill '#7d8186' -draw "rectangle $((B + F + G / 4)),$((y0 - B / 3)) $((B + F + G * 3 / 4)),$((y0 + H + B / 3))" \
        -fill '#b9bdc2' -draw "rectangle $((B + F + G / 4 + G / 10)),$((y0 - B / 3)) $((B + F + G / 4 + G / 7)),$((y0 + H + B / 3))" \
        "$docs/$n.bd-page.png" -geometry "+$x0+$y0" -compose over -composite \
        -fill "$cover" -draw "$circles" \
        \( -size "${CW}x${CH}" xc:white -fill '#6b6b6b' -draw "$shadows" -blur "0x$((t / 2 + 1))" \) -compose multiply -composite -compose over \
        "${draw[@]}" "$docs/$n.bd-canvas.png"
      local px=$((CW / (45 + $(pick "$n binder persp" "$seed" 30))))
      convert "$docs/$n.bd-canvas.png" -background '#6c655b' -virtual-pixel background \
        -distort Perspective "0,0 $px,$((CH / 70))  $CW,0 $((CW - CW / 60)),0  0,$CH $((CW / 90)),$((CH - CH / 60))  $CW,$CH $((CW - px)),$((CH - CH / 45))" \
        \( -size "${CW}x${CH}" xc: -sparse-color Barycentric "0,0 #ffffff $CW,$CH #c2c2c2" \) -compose multiply -composite \
        -blur 0x0.5 -seed "$seed" -attenuate 0.22 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n".bd-* ;;
    fridgedoor)
      # The page held to a fridge door by one or two magnets and photographed
      # there (unseen78), as people keep a medication list, a refill slip or
      # a letter from the health service on the fridge: a glossy white door
      # or a brushed steel one (drawn from SEED and the document) with its
      # handle down one side, a margin round the page a ninth of its longer
      # side; a broad soft reflection of a window on the door (a four-pane
      # window, skewed, blurred to a glow, screened over the door at about
      # 60-75% and over the paper at about 8%); the page's soft shadow on
      # the door; a round magnet over one top corner, or one over each
      # (coloured, a rim, a highlight and its own shadow), placed on the
      # diagonal outside the print's bounding box (measured on the page:
      # the box of the pixels darker than 55% grey), so it covers
      # only paper and margin, never print; the page turned 0.5-2.5 degrees
      # either way, and one free lower corner lifting off the door: pushed
      # out and down a little (1.2% of the page), shaded towards the corner
      # (about 18% darker at the tip) with a wider shadow beneath it. The
      # door, the magnets' number, colours and corners, the turn, the lifted
      # corner and the window's place drawn from SEED and the document; then
      # slight perspective, light falling off, noise, at most 2600 px on the
      # long side, JPEG 85. Not harsh: every field stays legible to a person.
      f=$docs/$n.fridgedoor.jpg
      local M CW CH steel nmag mside lc turn R d bb bw bh bx0 by0 bx1 by1 cols col
      M=$(((W > H ? W : H) / 9)); CW=$((W + 2 * M)); CH=$((H + 2 * M))
      steel=$(pick "$n fridgedoor door" "$seed" 2)
      nmag=$((1 + $(pick "$n fridgedoor magnets" "$seed" 2)))
      mside=$(pick "$n fridgedoor magnet side" "$seed" 2)
      lc=$(pick "$n fridgedoor lifted corner" "$seed" 2)
      turn=$((5 + $(pick "$n fridgedoor turn" "$seed" 21)))
      (($(pick "$n fridgedoor turn sign" "$seed" 2) == 0)) && turn=$((-turn))
      # The print's bounding box on the page.
      bb=$(convert "$base" -colorspace Gray -threshold 55% -format '%@' info:)
      [[ $bb =~ ^([0-9]+)x([0-9]+)\+([0-9]+)\+([0-9]+)$ ]] || { echo "heldout: fridgedoor: no print found on $n" >&2; exit 1; }
      bw=${BASH_REMATCH[1]} bh=${BASH_REMATCH[2]} bx0=${BASH_REMATCH[3]} by0=${BASH_REMATCH[4]}
      bx1=$((bx0 + bw)) by1=$((by0 + bh))
      R=$(((W < H ? W : H) * 5 / 100)); ((R < 34)) && R=34; ((R > 80)) && R=80
      d=$(((R + 10) * 71 / 100))
      cols=('#c62828 #7f1414' '#1565c0 #0b3b78' '#f9a825 #a56b00' '#2e7d32 #17451a' '#303030 #000000')
      # Magnets (centres in the canvas, the page at +M+M): top-left and/or top-right.
      local -a mx my mags
      if ((nmag == 2)); then mx=($((M + bx0 - d)) $((M + bx1 + d))); my=($((M + by0 - d)) $((M + by0 - d)))
      elif ((mside == 0)); then mx=($((M + bx0 - d))); my=($((M + by0 - d)))
      else mx=($((M + bx1 + d))); my=($((M + by0 - d))); fi
      # Each magnet: its soft shadow and its highlight drawn at a quarter of
      # the size and scaled up, its body and rim at full size.
      local i x y c1 c2 ms=() mh=() mb=()
      for i in "${!mx[@]}"; do
        x=${mx[$i]} y=${my[$i]}
        read -r c1 c2 <<<"${cols[$(pick "$n fridgedoor colour $i" "$seed" 5)]}"
        ms+=(-draw "circle $(((x + R / 6) / 4)),$(((y + R / 4) / 4)) $(((x + R / 6 + R) / 4)),$(((y + R / 4) / 4))")
        mh+=(-draw "circle $(((x - R / 3) / 4)),$(((y - R / 3) / 4)) $(((x - R / 3 + R / 3) / 4)),$(((y - R / 3) / 4))")
        mb+=(-fill "$c1" -stroke "$c2" -strokewidth 3 -draw "circle $x,$y $((x + R)),$y" -stroke none)
      done
      mags=(\( -size "$((CW / 4))x$((CH / 4))" xc:none -fill 'rgba(0,0,0,0.5)' "${ms[@]}" -channel A -blur "0x$((R / 20 + 1))" +channel -resize "${CW}x${CH}!" \) -compose over -composite
        "${mb[@]}"
        \( -size "$((CW / 4))x$((CH / 4))" xc:none -fill 'rgba(255,255,255,0.45)' "${mh[@]}" -channel A -blur "0x$((R / 24 + 1))" +channel -resize "${CW}x${CH}!" \) -compose over -composite)
      # The free lower corner lifting: pushed out and down, shaded. Soft
      # masks and shadows are drawn at an eighth of the size and scaled up
      # (they are smooth; a full-size blur of that radius takes minutes).
      local cxp cyp dx dy sx sy q=8
      dx=$((W * 12 / 1000)); dy=$((H * 12 / 1000)); ((dy > dx)) && dy=$dx
      if ((lc == 0)); then cxp=0 sx=$((-dx)); else cxp=$W sx=$dx; fi
      cyp=$H sy=$dy
      local LX=$((W * 24 / 100)) LY=$((H * 18 / 100))
      convert -size "$((W / q))x$((H / q))" xc:white -fill '#a0a0a0' \
        -draw "polygon $((cxp / q)),$((cyp / q)) $(((cxp == 0 ? LX : W - LX) / q)),$((H / q)) $((cxp / q)),$(((H - LY) / q))" \
        -blur "0x$((LX / 4 / q + 1))" -resize "${W}x${H}!" "$docs/$n.fd-shade.png"
      convert "$base" "$docs/$n.fd-shade.png" -compose multiply -composite -alpha set -virtual-pixel transparent \
        -distort Shepards "0,0 0,0  $W,0 $W,0  $((W - cxp)),$H $((W - cxp)),$H  $cxp,$cyp $((cxp + sx)),$((cyp + sy))  $((W / 2)),$((H / 2)) $((W / 2)),$((H / 2))  $((W / 2)),$H $((W / 2)),$H  $cxp,$((H / 2)) $cxp,$((H / 2))" \
        "$docs/$n.fd-page.png"
      # The page's shadow (wider at the lifted corner), the page and the
      # magnets on a transparent canvas, turned.
      convert -size "$((CW / q))x$((CH / q))" xc:none -fill 'rgba(0,0,0,0.40)' \
        -draw "rectangle $(((M + 8) / q)),$(((M + 12) / q)) $(((M + W + 8) / q)),$(((M + H + 12) / q))" \
        -fill 'rgba(0,0,0,0.55)' -draw "ellipse $(((M + cxp + sx) / q)),$(((M + cyp + sy) / q)) $((LX / 4 / q + 1)),$((LY / 5 / q + 1)) 0,360" \
        -channel A -blur "0x$((12 / q + 1))" +channel -resize "${CW}x${CH}!" "$docs/$n.fd-shadow.png"
      convert "$docs/$n.fd-shadow.png" \
        "$docs/$n.fd-page.png" -geometry "+$M+$M" -compose over -composite \
        "${mags[@]}" \
        -background none -rotate "$(awk "BEGIN{print $turn / 10}")" -gravity center -extent "${CW}x${CH}" +gravity "$docs/$n.fd-layer.png"
      # The door, its handle and the window's reflection.
      local hx=$(((M * 25 / 100))) hw=$((M * 16 / 100 + 6)) wx wy ww wh
      (($(pick "$n fridgedoor handle" "$seed" 2) == 1)) && hx=$((CW - M * 25 / 100 - hw))
      if ((steel == 1)); then
        # Brushed steel: noise a few rows high stretched down the door.
        convert -size "$((CW / 2))x6" xc:'#b9bdc0' -seed "$((seed + 7))" -attenuate 0.9 +noise Gaussian -colorspace Gray -resize "${CW}x${CH}!" \
          \( -size "${CW}x${CH}" gradient:'#e2e5e8'-'#b3b7bb' \) -compose multiply -composite -level 0%,78% \
          -fill '#7f8488' -stroke '#5c6165' -strokewidth 2 -draw "roundrectangle $hx,$((CH / 5)) $((hx + hw)),$((CH * 3 / 4)) $((hw / 2)),$((hw / 2))" \
          "$docs/$n.fd-door.png"
      else
        convert -size "${CW}x${CH}" gradient:'#fbfbfa'-'#e3e6e5' \
          -fill '#d3d6d7' -stroke '#9a9ea0' -strokewidth 2 -draw "roundrectangle $hx,$((CH / 5)) $((hx + hw)),$((CH * 3 / 4)) $((hw / 2)),$((hw / 2))" \
          "$docs/$n.fd-door.png"
      fi
      ww=$((CW * 45 / 100 / q)); wh=$((CH * 50 / 100 / q))
      wx=$((CW * $(pick "$n fridgedoor window x" "$seed" 50) / 100 / q)); wy=$((CH * $(pick "$n fridgedoor window y" "$seed" 40) / 100 / q))
      local sk=$((ww / 5)) g=$((ww / 30 + 1))
      convert -size "$((CW / q))x$((CH / q))" xc:black -fill white \
        -draw "polygon $((wx + sk)),$wy $((wx + sk + ww)),$wy $((wx + ww)),$((wy + wh)) $wx,$((wy + wh))" \
        -stroke black -strokewidth "$g" \
        -draw "line $((wx + sk / 2 + ww / 2)),$wy $((wx + sk / 2 + ww / 2 - sk / 2)),$((wy + wh))" \
        -draw "line $((wx + sk / 2)),$((wy + wh / 2)) $((wx + sk / 2 + ww)),$((wy + wh / 2))" \
        -blur "0x$(((CW < CH ? CW : CH) / 40 / q + 1))" -resize "${CW}x${CH}!" "$docs/$n.fd-refl.png"
      local rs=$((60 + $(pick "$n fridgedoor reflection" "$seed" 16)))
      convert "$docs/$n.fd-door.png" \( "$docs/$n.fd-refl.png" -evaluate multiply "0.$rs" \) -compose screen -composite \
        "$docs/$n.fd-layer.png" -compose over -composite \
        \( "$docs/$n.fd-refl.png" -evaluate multiply 0.08 \) -compose screen -composite \
        -background '#8e8f8c' -virtual-pixel background \
        -distort Perspective "0,0 $((CW / 70)),$((CH / 60))  $CW,0 $((CW - CW / 45)),$((CH / 90))  0,$CH $((CW / 90)),$((CH - CH / 70))  $CW,$CH $((CW - CW / 55)),$((CH - CH / 45))" \
        \( -size "${CW}x${CH}" radial-gradient:white-'#c4c4c4' \) -compose multiply -composite \
        -resize '2600x2600>' -seed "$seed" -attenuate 0.22 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n".fd-* ;;
    pinboard)
      # The paper pinned to a cork pinboard (a kitchen or office noticeboard,
      # where people keep what the pharmacy gave them) with coloured push
      # pins and photographed there (unseen80): the page on its paper (a
      # white margin of about 1/28 of its short side beyond the page's own
      # white border, so the pins and the other note sit on blank paper),
      # turned 0.6-2.2 degrees either way, its soft shadow on the cork; the
      # cork round it (brown, its grain a fine light and dark speckle, a soft
      # mottle and dark flecks); two or four push pins (red, blue, yellow,
      # green, white or orange heads, a bright highlight on each) in the
      # paper's blank corners, each with its small soft shadow falling down
      # and right; another note or leaflet (pale blue, yellow, green, pink or
      # white, grey lines of print standing for its words, a coloured
      # heading bar, its own pin out on the cork) pinned beside one edge and
      # overlapping the paper by about half its blank margin, never into the
      # print, with its own shadow. The side, the leaflet's place, size and
      # colour, the pins' number and colours, the turn and the cork drawn
      # from SEED and the document; then a phone photo: slight perspective,
      # light falling off, noise, JPEG 85. Not harsh: nothing covers print
      # and every line reads as in any phone photo.
      f=$docs/$n.pinboard.jpg
      local M D R C PW PH GW GH side ov out L off x0 x1 y0 y1 lc ang np k cx cy pc RW RH
      M=$(((W < H ? W : H) / 28)); ((M < 24)) && M=24
      D=$((M + 40)) PW=$((W + 2 * M)) PH=$((H + 2 * M))
      R=$((D * 3 / 10)) C=$(((PW < PH ? PW : PH) / 6))
      GW=$((PW + 2 * C)) GH=$((PH + 2 * C))
      local -a pcols=('#d42a2a' '#2a5bd4' '#f2c81d' '#2f9e44' '#f4f4f4' '#ef7d1a')
      local -a lcols=('#d3e8f8' '#f8eca2' '#d8efd2' '#f6d3e1' '#fbfbf7')
      local -a hcols=('#2a6fb0' '#c0392b' '#3c8d3c' '#8e44ad' '#d35400')
      # The other note: which side, how long, where along it; it reaches
      # ov px onto the paper (under half of the blank D) and out onto the cork.
      side=$(pick "$n pinboard side" "$seed" 4)
      ov=$((D * 45 / 100)) out=$((C * 8 / 10))
      if ((side < 2)); then L=$((PH * (30 + $(pick "$n pinboard len" "$seed" 16)) / 100)); off=$((PH * (8 + $(pick "$n pinboard off" "$seed" 45)) / 100))
      else L=$((PW * (30 + $(pick "$n pinboard len" "$seed" 16)) / 100)); off=$((PW * (8 + $(pick "$n pinboard off" "$seed" 45)) / 100)); fi
      case $side in
        0) x0=$((C - out)) x1=$((C + ov)) y0=$((C + off)) y1=$((C + off + L)) ;;
        1) x0=$((C + PW - ov)) x1=$((C + PW + out)) y0=$((C + off)) y1=$((C + off + L)) ;;
        2) x0=$((C + off)) x1=$((C + off + L)) y0=$((C - out)) y1=$((C + ov)) ;;
        *) x0=$((C + off)) x1=$((C + off + L)) y0=$((C + PH - ov)) y1=$((C + PH + out)) ;;
      esac
      lc=${lcols[$(pick "$n pinboard leaflet" "$seed" 5)]}
      # The leaflet's face: a heading bar and grey lines standing for its
      # print, across its whole width (a sheet pinned up, not a field).
      local LW=$((x1 - x0)) LH=$((y1 - y0)) lt=$(((D / 9) + 3))
      local -a bars
      mapfile -t bars < <(awk -v r="$(pick "$n pinboard bars" "$seed" 99991)" -v w="$LW" -v h="$LH" -v t="$lt" -v hc="${hcols[$(pick "$n pinboard head" "$seed" 5)]}" 'BEGIN{
        srand(r); m = int(t * 1.6); y = m
        printf "-draw\nfill %s rectangle %d,%d %d,%d\n", hc, m, y, w - m, y + 3 * t; y += 5 * t
        while (y + t < h - m) { e = w - m - rand() * w * 0.35; printf "-draw\nfill #8a8a8a rectangle %d,%d %d,%d\n", m, y, e, y + t; y += int(t * 2.4) }
        }')
      convert -size "${LW}x${LH}" xc:"$lc" "${bars[@]}" -bordercolor '#00000022' -border 1 "$docs/$n.pb-leaf.png"
      # The pins: the paper's corners (two top ones, or all four), each at
      # the middle of the blank margin, a little off; and the leaflet's own.
      np=$((2 + 2 * $(pick "$n pinboard np" "$seed" 2)))
      local -a spots=("$((C + D / 2)) $((C + D / 2))" "$((C + PW - D / 2)) $((C + D / 2))" "$((C + D / 2)) $((C + PH - D / 2))" "$((C + PW - D / 2)) $((C + PH - D / 2))")
      spots=("${spots[@]:0:np}")
      case $side in
        0) spots+=("$((x0 + out / 2)) $(((y0 + y1) / 2))") ;; 1) spots+=("$((x1 - out / 2)) $(((y0 + y1) / 2))") ;;
        2) spots+=("$(((x0 + x1) / 2)) $((y0 + out / 2))") ;; *) spots+=("$(((x0 + x1) / 2)) $((y1 - out / 2))") ;;
      esac
      local -a shad=() heads=()
      for k in "${!spots[@]}"; do
        read -r cx cy <<<"${spots[$k]}"
        cx=$((cx + D / 10 - $(pick "$n pinboard jx $k" "$seed" $((D / 5 + 1)))))
        cy=$((cy + D / 10 - $(pick "$n pinboard jy $k" "$seed" $((D / 5 + 1)))))
        pc=${pcols[$(pick "$n pinboard pin $k" "$seed" 6)]}
        shad+=(-draw "ellipse $((cx + R / 2)),$((cy + R * 3 / 5)) $R,$((R * 4 / 5)) 0,360")
        heads+=(-fill "$pc" -draw "circle $cx,$cy $((cx + R)),$cy" -fill 'rgba(0,0,0,0.18)' -draw "circle $((cx + R / 6)),$((cy + R / 6)) $((cx + R / 6 + R * 7 / 10)),$((cy + R / 6))"
          -fill "$pc" -draw "circle $((cx - R / 10)),$((cy - R / 10)) $((cx - R / 10 + R * 7 / 10)),$((cy - R / 10))"
          -fill 'rgba(255,255,255,0.75)' -draw "circle $((cx - R / 3)),$((cy - R / 3)) $((cx - R / 3 + R / 4)),$((cy - R / 3))")
      done
      # The group: the paper's shadow, the paper, the leaflet's shadow and
      # the leaflet, the pins' shadows and the pins; then turned.
      ang=$(awk "BEGIN{a = (6 + $(pick "$n pinboard turn" "$seed" 17)) / 10; print ($(pick "$n pinboard sign" "$seed" 2) ? a : -a)}")
      convert -size "${GW}x${GH}" xc:none \
        \( -size "${GW}x${GH}" xc:none -fill 'rgba(0,0,0,0.5)' -draw "rectangle $((C + D / 8)),$((C + D / 5)) $((C + PW + D / 8)),$((C + PH + D / 5))" -channel A -blur "0x$((D / 5 + 2))" +channel \) -compose over -composite \
        \( "$base" -bordercolor white -border "$M" \) -geometry "+$C+$C" -compose over -composite \
        \( -size "${GW}x${GH}" xc:none -fill 'rgba(0,0,0,0.35)' -draw "rectangle $((x0 + D / 10)),$((y0 + D / 7)) $((x1 + D / 10)),$((y1 + D / 7))" -channel A -blur "0x$((D / 7 + 2))" +channel \) -compose over -composite \
        \( "$docs/$n.pb-leaf.png" -background none -rotate "$(awk "BEGIN{print ($(pick "$n pinboard lturn" "$seed" 13) - 6) / 10}")" \) -geometry "+$x0+$y0" -compose over -composite \
        \( -size "${GW}x${GH}" xc:none -fill 'rgba(0,0,0,0.5)' "${shad[@]}" -channel A -blur "0x$((R / 3 + 1))" +channel \) -compose over -composite \
        \( -size "${GW}x${GH}" xc:none -stroke none "${heads[@]}" -channel A -blur 0x0.7 +channel \) -compose over -composite \
        -background none -rotate "$ang" +repage "$docs/$n.pb-group.png"
      RW=$(identify -format %w "$docs/$n.pb-group.png"); RH=$(identify -format %h "$docs/$n.pb-group.png")
      # The cork: a fine speckle of light and dark grain, a soft mottle, dark flecks.
      local cs=$((seed + $(pick "$n pinboard cork" "$seed" 997)))
      convert -size "${RW}x${RH}" xc:'#b3834f' \
        \( -size "${RW}x${RH}" xc: -seed "$cs" +noise Random -channel R -separate +channel -blur 0x0.9 -auto-level +level 30%,70% \) -compose overlay -composite \
        \( -size "$((RW / 10 + 1))x$((RH / 10 + 1))" -seed "$((cs + 1))" plasma:grey50-grey50 -colorspace Gray -blur 0x2 -auto-level -resize "${RW}x${RH}!" +level 42%,58% \) -compose overlay -composite \
        \( -size "${RW}x${RH}" xc: -seed "$((cs + 2))" +noise Random -channel G -separate +channel -threshold 99.75% -negate -morphology Erode Disk:1.2 -blur 0x0.5 +level-colors '#6b4524',white \) -compose multiply -composite \
        "$docs/$n.pb-group.png" -compose over -composite \
        -virtual-pixel mirror \
        -distort Perspective "0,0 $((RW / 70)),$((RH / 80))  $RW,0 $((RW - RW / 55)),$((RH / 120))  0,$RH $((RW / 110)),$((RH - RH / 65))  $RW,$RH $((RW - RW / 60)),$((RH - RH / 75))" \
        \( -size "${RW}x${RH}" radial-gradient:white-'#c9c9c9' \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.22 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n".pb-*.png ;;
    printpreview)
      # A screenshot of the document open in a desktop browser's print
      # preview, as patients do who meant to print it and sent a screenshot
      # instead (unseen85): the browser prints the page as its pdfhead does
      # (the page's own margins, the print date and time and the title in
      # the header, the file's address and the page number in the footer),
      # and the preview draws its first sheet smaller than the page is on
      # the screen: 60-70% of the page screenshot's size (the screenshot
      # taken on a 2x display, so 115-134 dpi; less only where a tall sheet
      # would not fit the preview's height), on the preview's grey area with
      # the sheet's soft shadow, in a dialog over the dimmed browser window
      # (its tab strip with the page's title and its toolbar); beside it the
      # dialog's settings panel: "Print" and the number of sheets, the
      # destination (a printer), pages, copies, layout, colour, "More
      # settings", and the Print and Cancel buttons. Which scale, the grey's
      # shade and the printer are drawn from SEED and the document. A
      # 2880x1800 screenshot, PNG. Not harsh: only the size changes, and
      # print of 12 CSS px stays about 14 px or more.
      f=$docs/$n.printpreview.png
      local font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
      local pp=$docs/$n.pp np pwi phi dpi fit grey printer title sheets PW PH DX DY DW DH AW SX
      chrome --print-to-pdf="$pp.pdf" "file://$PWD/$out/$s/html/$n.html"
      np=$(pdfinfo "$pp.pdf" | awk '/^Pages:/{print $2}')
      read -r pwi phi < <(pdfinfo "$pp.pdf" | awk '/^Page size:/{print $3 / 72, $5 / 72}')
      # The dialog: 2760x1580 at (60,180); the preview area is its left part,
      # the settings panel its right 760 px.
      DX=60 DY=180 DW=2760 DH=1580 AW=2000
      dpi=$(awk "BEGIN{printf \"%d\", 192 * (60 + $(pick "$n printpreview scale" "$seed" 11)) / 100}")
      fit=$(awk "BEGIN{printf \"%d\", ($DH - 100) / $phi}")
      ((dpi > fit)) && dpi=$fit
      pdftoppm -r "$dpi" -f 1 -l 1 -png -singlefile "$pp.pdf" "$pp"
      PW=$(identify -format %w "$pp.png"); PH=$(identify -format %h "$pp.png")
      case $(pick "$n printpreview grey" "$seed" 3) in
        0) grey='#5f6368' ;;
        1) grey='#8a8d91' ;;
        *) grey='#c4c6c9' ;;
      esac
      case $(pick "$n printpreview printer" "$seed" 3) in
        0) printer='Lumo LX-2240 Laser' ;;
        1) printer='Inkwell IP-310 series' ;;
        *) printer='Office printer (2nd floor)' ;;
      esac
      title=$(sed -n 's:.*<title>\(.*\)</title>.*:\1:p' "$out/$s/html/$n.html" | head -1 | cut -c1-34)
      title=${title:-Document}
      sheets="$np sheet$( ((np > 1)) && echo s || true) of paper"
      SX=$((DX + (AW - PW) / 2))
      convert -size 2880x1800 xc:'#f4f5f7' \
        -fill '#dee1e6' -draw 'rectangle 0,0 2880,84' \
        -fill white -draw 'roundrectangle 150,14 760,100 18,18' \
        -font "$font" -pointsize 24 -fill '#3c4043' -annotate +190+66 "$title" -annotate +720+66 '×' \
        -fill white -draw 'rectangle 0,84 2880,164' -fill '#f1f3f4' -draw 'roundrectangle 260,96 2560,152 28,28' \
        -fill '#5f6368' -pointsize 30 -annotate +40+136 '←  →  ⟳' -annotate +2780+136 '⋮' \
        -fill '#00000073' -draw 'rectangle 0,0 2880,1800' \
        \( -size "${DW}x${DH}" xc:none -fill '#00000055' -draw "roundrectangle 10,16 $((DW - 10)),$((DH - 4)) 16,16" -blur 0x14 \) -geometry "+$DX+$((DY + 6))" -compose over -composite \
        -fill "$grey" -draw "roundrectangle $DX,$DY $((DX + DW)),$((DY + DH)) 16,16" \
        -fill white -draw "rectangle $((DX + AW)),$DY $((DX + DW - 16)),$((DY + DH))" -draw "roundrectangle $((DX + AW)),$DY $((DX + DW)),$((DY + DH)) 16,16" \
        -fill '#dadce0' -draw "rectangle $((DX + AW)),$DY $((DX + AW + 1)),$((DY + DH))" \
        \( "$pp.png" \( +clone -background black -shadow 45x10+0+6 \) +swap -background none -layers merge +repage \) -geometry "+$((SX - 20))+$((DY + 30))" -compose over -composite \
        -font "$font" -fill '#202124' -pointsize 44 -annotate "+$((DX + AW + 50))+$((DY + 90))" 'Print' \
        -fill '#5f6368' -pointsize 28 -annotate "+$((DX + DW - 330))+$((DY + 88))" "$sheets" \
        -fill '#202124' -pointsize 29 \
        -annotate "+$((DX + AW + 50))+$((DY + 200))" 'Destination' -annotate "+$((DX + AW + 50))+$((DY + 300))" 'Pages' \
        -annotate "+$((DX + AW + 50))+$((DY + 400))" 'Copies' -annotate "+$((DX + AW + 50))+$((DY + 500))" 'Layout' \
        -annotate "+$((DX + AW + 50))+$((DY + 600))" 'Color' -annotate "+$((DX + AW + 50))+$((DY + 710))" 'More settings  ⌄' \
        -fill none -stroke '#dadce0' -strokewidth 2 \
        -draw "roundrectangle $((DX + AW + 270)),$((DY + 158)) $((DX + DW - 50)),$((DY + 222)) 8,8" \
        -draw "roundrectangle $((DX + AW + 270)),$((DY + 258)) $((DX + DW - 50)),$((DY + 322)) 8,8" \
        -draw "roundrectangle $((DX + AW + 270)),$((DY + 358)) $((DX + AW + 420)),$((DY + 422)) 8,8" \
        -draw "roundrectangle $((DX + AW + 270)),$((DY + 458)) $((DX + DW - 50)),$((DY + 522)) 8,8" \
        -draw "roundrectangle $((DX + AW + 270)),$((DY + 558)) $((DX + DW - 50)),$((DY + 622)) 8,8" \
        -stroke none -fill '#202124' -pointsize 26 \
        -annotate "+$((DX + AW + 290))+$((DY + 200))" "$printer" -annotate "+$((DX + DW - 90))+$((DY + 200))" '▾' \
        -annotate "+$((DX + AW + 290))+$((DY + 300))" 'All' -annotate "+$((DX + DW - 90))+$((DY + 300))" '▾' \
        -annotate "+$((DX + AW + 290))+$((DY + 400))" '1' \
        -annotate "+$((DX + AW + 290))+$((DY + 500))" 'Portrait' -annotate "+$((DX + DW - 90))+$((DY + 500))" '▾' \
        -annotate "+$((DX + AW + 290))+$((DY + 600))" 'Color' -annotate "+$((DX + DW - 90))+$((DY + 600))" '▾' \
        -fill '#dadce0' -draw "rectangle $((DX + AW + 2)),$((DY + DH - 130)) $((DX + DW)),$((DY + DH - 128))" \
        -fill '#1a73e8' -draw "roundrectangle $((DX + DW - 420)),$((DY + DH - 100)) $((DX + DW - 250)),$((DY + DH - 40)) 10,10" \
        -fill none -stroke '#dadce0' -strokewidth 2 -draw "roundrectangle $((DX + DW - 220)),$((DY + DH - 100)) $((DX + DW - 50)),$((DY + DH - 40)) 10,10" \
        -stroke none -font "$bold" -pointsize 27 -fill white -annotate "+$((DX + DW - 375))+$((DY + DH - 60))" 'Print' \
        -fill '#1a73e8' -annotate "+$((DX + DW - 183))+$((DY + DH - 60))" 'Cancel' \
        "$f"
      rm -f "$pp.pdf" "$pp.png" ;;
    twodocs)
      # Two different documents about the same patient's supply (a label and
      # its receipt, a letter and the order e-mail printed, a bag label and a
      # delivery letter) lying side by side on a table and photographed
      # together in one frame (unseen83): the document and its companion
      # NAME.pair.html (rendered like any page), the companion drawn at the
      # document's own scale (CSS pixels alike, so a label stays smaller than
      # a letter), each with a faint paper edge and its own soft shadow,
      # each turned a little the other way (0.8-2.4 degrees, opposite signs),
      # neither covering the other (a gap of a twenty-fifth of the wider
      # sheet between them); which one lies on the left, the shorter one's
      # place up or down the taller one's side and the table (oak, walnut,
      # grey laminate or a pale blue cloth, with a faint grain) drawn from
      # SEED and the document; then a phone photo from above: slight
      # perspective, light falling off, noise, at most 3200 px on the long
      # side, JPEG 85. Not harsh: both stay upright and sharp, every line
      # legible to a person.
      f=$docs/$n.twodocs.jpg
      [[ -e $out/$s/html/$n.pair.html ]] || { echo "heldout: twodocs: $n has no $n.pair.html" >&2; exit 2; }
      local pb sa sb wa ha wb hb G M CW CH xa ya xb yb tab aa ab
      pb=$(page "$s" "$n.pair")
      sa=$(sed -n 's/.*name="heldout-viewport" content="[0-9x]*@\([0-9.]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      sb=$(sed -n 's/.*name="heldout-viewport" content="[0-9x]*@\([0-9.]*\)".*/\1/p' "$out/$s/html/$n.pair.html" | head -1)
      aa=$(awk -v a="$(pick "$n twodocs turn a" "$seed" 17)" -v s="$(pick "$n twodocs sign" "$seed" 2)" 'BEGIN{printf "%.2f", (s ? 1 : -1) * (0.8 + a / 10)}')
      ab=$(awk -v a="$(pick "$n twodocs turn b" "$seed" 17)" -v s="$(pick "$n twodocs sign" "$seed" 2)" 'BEGIN{printf "%.2f", (s ? -1 : 1) * (0.8 + a / 10)}')
      convert "$base" -bordercolor '#d9d9d6' -border 1 -background none -rotate "$aa" \
        \( +clone -background black -shadow 45x10+8+10 \) +swap -background none -layers merge +repage "$docs/$n.td-a.png"
      convert "$pb" -resize "$(awk -v a="${sa:-2}" -v b="${sb:-2}" 'BEGIN{printf "%.2f", 100 * a / b}')%" \
        -bordercolor '#d9d9d6' -border 1 -background none -rotate "$ab" \
        \( +clone -background black -shadow 45x10+8+10 \) +swap -background none -layers merge +repage "$docs/$n.td-b.png"
      wa=$(identify -format %w "$docs/$n.td-a.png"); ha=$(identify -format %h "$docs/$n.td-a.png")
      wb=$(identify -format %w "$docs/$n.td-b.png"); hb=$(identify -format %h "$docs/$n.td-b.png")
      G=$(((wa > wb ? wa : wb) / 25)); M=$(((wa > wb ? wa : wb) / 10))
      CW=$((wa + wb + G + 2 * M)); CH=$(((ha > hb ? ha : hb) + 2 * M))
      ya=$((M + $(pick "$n twodocs ya" "$seed" $(((ha < hb ? hb - ha : 0) + 1))))); yb=$((M + $(pick "$n twodocs yb" "$seed" $(((hb < ha ? ha - hb : 0) + 1)))))
      if (($(pick "$n twodocs order" "$seed" 2) == 0)); then xa=$M xb=$((M + wa + G)); else xb=$M xa=$((M + wb + G)); fi
      local -a tabs=('#a47d55' '#6e4f37' '#a9a59d' '#b9c9d6')
      tab=${tabs[$(pick "$n twodocs table" "$seed" 4)]}
      convert -size "${CW}x${CH}" xc:"$tab" \
        \( -size "$((CW / 8))x${CH}" xc:gray50 -seed "$seed" -attenuate 0.6 +noise Gaussian -resize "${CW}x${CH}!" -blur 0x2 \) -compose softlight -composite \
        "$docs/$n.td-a.png" -geometry "+$xa+$ya" -compose over -composite \
        "$docs/$n.td-b.png" -geometry "+$xb+$yb" -compose over -composite \
        -background "$tab" -virtual-pixel background \
        -distort Perspective "0,0 $((CW / 80)),$((CH / 70))  $CW,0 $((CW - CW / 60)),$((CH / 110))  0,$CH $((CW / 120)),$((CH - CH / 90))  $CW,$CH $((CW - CW / 70)),$((CH - CH / 60))" \
        \( -size "${CW}x${CH}" radial-gradient:white-'#c2c2c2' \) -compose multiply -composite \
        -resize '3200x3200>' -blur 0x0.4 -seed "$seed" -attenuate 0.2 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n".td-* ;;
    printedscreen)
      # A screen printed out and then photographed (unseen87): the patient
      # printed a phone screenshot or a browser page on a home printer, then
      # photographed the printout lying on a table. The screen image is
      # fitted to an A4 sheet (a tall phone screen to its height, a wide
      # page to its width and set at the top) and a little cropped where
      # the printer cannot print (1.5-3% of its width off one side, 0.5-1.5%
      # of its height off the top or the bottom); the cheap printer washes
      # the colours out (saturation about 60%, black printed as a dark grey
      # of 9-14%, the ink spread a little) and leaves a few faint lighter
      # bands across the sheet where the head skipped; the paper a little
      # warm. Then the sheet lies on a table (light wood or grey laminate),
      # turned 0.4-2 degrees either way with its soft shadow, and is
      # photographed from a little above: slight perspective, light falling
      # off, noise, JPEG 85, the long side at most 3200 px. The crop's sides
      # and sizes, the grey, the bands, the table, the turn and the
      # perspective drawn from SEED and the document. Not harsh: every field
      # stays legible to a person.
      f=$docs/$n.printedscreen.jpg
      local cx cy ox oy CW CH PW PH tx ty blk nb ang tb TW TH k
      cx=$((W * (15 + $(pick "$n printedscreen cx" "$seed" 16)) / 1000))
      cy=$((H * (5 + $(pick "$n printedscreen cy" "$seed" 11)) / 1000))
      ox=$((cx * $(pick "$n printedscreen side" "$seed" 2)))
      oy=$((cy * $(pick "$n printedscreen vside" "$seed" 2)))
      CW=$((W - cx)) CH=$((H - cy))
      # The sheet (A4, 1:1.414) round the printed image: the image fills
      # the printable area's height (a phone screen) or its width (a page).
      if ((CH * 1000 > CW * 1414)); then
        PH=$((CH * 108 / 100)); PW=$((PH * 1000 / 1414)); tx=$(((PW - CW) / 2)); ty=$(((PH - CH) / 2))
      else
        PW=$((CW * 108 / 100)); PH=$((PW * 1414 / 1000)); tx=$(((PW - CW) / 2)); ty=$((PW * 4 / 100))
      fi
      blk=$((9 + $(pick "$n printedscreen black" "$seed" 6)))
      # The head's skipped bands: a few rows of the sheet, lighter.
      nb=$((3 + $(pick "$n printedscreen nb" "$seed" 4)))
      local -a bands=()
      for ((k = 0; k < nb; k++)); do
        local by bh
        by=$(pick "$n printedscreen band $k" "$seed" "$PH"); bh=$((2 + $(pick "$n printedscreen bh $k" "$seed" 4)))
        bands+=(-draw "rectangle 0,$by $PW,$((by + bh))")
      done
      convert "$base" -crop "${CW}x${CH}+${ox}+${oy}" +repage \
        -modulate 103,60,100 +level "${blk}%,100%" -blur 0x0.6 "$docs/$n.ps-ink.png"
      convert -size "${PW}x${PH}" xc:white "$docs/$n.ps-ink.png" -geometry "+${tx}+${ty}" -compose over -composite \
        \( -size "${PW}x${PH}" xc:black -fill 'gray(22%)' "${bands[@]}" -blur 0x1 \) -compose screen -composite \
        \( -size "${PW}x${PH}" xc:'#faf6ec' \) -compose multiply -composite \
        -seed "$((seed + $(pick "$n printedscreen paper" "$seed" 997)))" -attenuate 0.08 +noise Gaussian "$docs/$n.ps-sheet.png"
      # The table and the sheet on it, turned, with its shadow.
      ang=$(awk "BEGIN{a = (4 + $(pick "$n printedscreen turn" "$seed" 17)) / 10; print ($(pick "$n printedscreen tsign" "$seed" 2) ? a : -a)}")
      TW=$((PW * 116 / 100)) TH=$((PH * 112 / 100))
      tb=$(pick "$n printedscreen table" "$seed" 2)
      if ((tb == 0)); then
        convert -size "$((TW / 4 + 40))x$((TH / 4))" xc:'#c49a6c' -seed "$((seed + 11))" -attenuate 1.4 +noise Gaussian \
          -motion-blur 0x16+0 -crop "$((TW / 4))x$((TH / 4))+20+0" +repage -resize "${TW}x${TH}!" "$docs/$n.ps-table.png"
      else
        convert -size "$((TW / 4))x$((TH / 4))" xc:'#9ea3a8' -seed "$((seed + 11))" -attenuate 0.5 +noise Gaussian \
          -modulate 100,15 -blur 0x0.8 -resize "${TW}x${TH}!" "$docs/$n.ps-table.png"
      fi
      convert "$docs/$n.ps-sheet.png" -background none -rotate "$ang" \
        \( +clone -background black -shadow 50x14+12+16 \) +swap -background none -layers merge +repage "$docs/$n.ps-turned.png"
      local px=$((TW / (45 + $(pick "$n printedscreen persp" "$seed" 30))))
      convert "$docs/$n.ps-table.png" "$docs/$n.ps-turned.png" -gravity center -compose over -composite +gravity \
        -virtual-pixel mirror \
        -distort Perspective "0,0 $px,$((TH / 70))  $TW,0 $((TW - px)),$((TH / 70))  0,$TH 0,$TH  $TW,$TH $TW,$TH" \
        \( -size "${TW}x${TH}" xc: -sparse-color Barycentric "0,0 #ffffff $TW,$TH #a8a8a8" \) -compose multiply -composite \
        -resize '3200x3200>' -seed "$seed" -attenuate 0.22 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n".ps-* ;;
    lidopen)
      # Each sheet scanned on a home flatbed scanner with its lid left open
      # (unseen86), as a stapled pack or a thick letter will not lie flat:
      # the browser's print of the page, each sheet at 200, 250 or 300 dpi
      # (drawn from SEED and the document); the room's darkness black around
      # the sheet; one edge away from the hinge (top, right or bottom, drawn
      # for each sheet) lifts off the glass: a band of 9-14% of the sheet
      # drawn in (its corners 1-2% narrower, the band foreshortened to 90%),
      # shaded towards the edge (to about 55% at the very edge), softened
      # (out of focus off the glass, up to sigma 1.3), and a bright strip
      # where the lamp reflects off the lifted paper (the print under it
      # lifted at most 45% towards white, never lost); the sheet turned 2-5
      # degrees either way and not quite square to the glass (a slight
      # keystone); the scanner's softness and noise; all the sheets saved as
      # one PDF of page images (JPEG 85) with no text layer. The turn, the
      # edge and the band are drawn from SEED, the document and the sheet.
      # Not harsh: every word stays legible.
      command -v pdftoppm >/dev/null || { echo "heldout: lidopen needs pdftoppm (poppler-utils)" >&2; exit 1; }
      f=$docs/$n.lidopen.pdf
      local ld=$docs/$n.lidopen.d sheet k=0 dpi ang edge L L2 dx sy kx ky mg sheets=()
      rm -rf "$ld" && mkdir -p "$ld"
      dpi=$((200 + 50 * $(pick "$n lidopen dpi" "$seed" 3)))
      chrome --no-pdf-header-footer --print-to-pdf="$ld/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      pdftoppm -r "$dpi" -png "$ld/print.pdf" "$ld/sheet"
      for sheet in "$ld"/sheet-*.png; do
        k=$((k + 1))
        edge=$(pick "$n lidopen edge $k" "$seed" 3)
        # Turned so the lifting edge is at the top, worked on, turned back.
        convert "$sheet" -rotate "$((-90 * edge))" +repage "$ld/up.png"
        W=$(identify -format %w "$ld/up.png"); H=$(identify -format %h "$ld/up.png")
        L=$((H * (9 + $(pick "$n lidopen band $k" "$seed" 6)) / 100)); L2=$((L * 9 / 10))
        dx=$((W * (10 + $(pick "$n lidopen dx $k" "$seed" 11)) / 1000))
        sy=$((L2 * (25 + $(pick "$n lidopen strip $k" "$seed" 30)) / 100))
        # The lifted band: drawn in, foreshortened, softened towards the
        # edge, shaded, and the lamp's bright strip across it.
        convert "$ld/up.png" -crop "${W}x${L}+0+0" +repage -background '#0a0a0a' -virtual-pixel background \
          -distort Perspective "0,0 $dx,0  $W,0 $((W - dx)),0  0,$L 0,$L  $W,$L $W,$L" -resize "${W}x${L2}!" "$ld/band.png"
        convert "$ld/band.png" \( +clone -blur 0x1.3 \) \( -size "${W}x${L2}" gradient:white-black -evaluate pow 1.6 \) -composite \
          \( -size "${W}x${L2}" gradient:'#8c8c8c'-white -evaluate pow 0.8 \) -compose multiply -composite \
          \( -size "${W}x${L2}" xc:black -fill 'gray(45%)' -draw "rectangle 0,$((sy - L2 / 14)) $W,$((sy + L2 / 14))" -blur "0x$((L2 / 16 + 1))" \) -compose screen -composite "$ld/band2.png"
        convert "$ld/band2.png" \( "$ld/up.png" -crop "${W}x$((H - L))+0+$L" +repage \) -append \
          -background '#0a0a0a' -gravity south -extent "${W}x${H}" +gravity -rotate "$((90 * edge))" +repage "$ld/lifted.png"
        # Turned 2-5 degrees, not square to the glass, on the darkness.
        ang=$(awk -v a="$(pick "$n lidopen turn $k" "$seed" 31)" -v s="$(pick "$n lidopen sign $k" "$seed" 2)" 'BEGIN{printf "%.1f", (s ? 1 : -1) * (2 + a / 10)}')
        W=$(identify -format %w "$ld/lifted.png"); H=$(identify -format %h "$ld/lifted.png")
        kx=$((W * (3 + $(pick "$n lidopen kx $k" "$seed" 6)) / 1000)); ky=$((H * (3 + $(pick "$n lidopen ky $k" "$seed" 6)) / 1000))
        mg=$((W / 25))
        convert "$ld/lifted.png" -background '#0a0a0a' -virtual-pixel background \
          -distort Perspective "0,0 $kx,$ky  $W,0 $W,0  0,$H 0,$H  $W,$H $((W - ky)),$((H - kx))" \
          -rotate "$ang" +repage -bordercolor '#0a0a0a' -border "$mg" \
          -blur 0x0.5 -seed "$((seed + k))" -attenuate 0.1 +noise Gaussian \
          -units PixelsPerInch -density "$dpi" -quality 85 "$ld/page-$(printf %02d "$k").jpg"
        sheets+=("$ld/page-$(printf %02d "$k").jpg")
      done
      jpegs_to_pdf "$f" "$dpi" "${sheets[@]}"
      rm -rf "$ld" ;;
    sunlight)
      # A phone photo taken outdoors or by a sunny window in strong direct
      # sunlight (unseen93), as a helper photographs a card or a label at
      # the door, in the garden or on a sunny sill: the sunlit paper very
      # bright (warm light, then the phone's tone curve pulls the whites to
      # clipping and the blacks down: levels 4%-84%, gamma 1.15, so the
      # faintest grey print is a little washed out and the contrast is
      # high), and the sun, a point source, casts the phone and the hand
      # holding it as a hard-edged shadow (edge blur about 1/350 of the
      # page's shorter side) across one corner of the page and the surface
      # beyond it: the phone's rounded body turned 25-55 degrees, the
      # fingers at its sides, the hand and the wrist running off the
      # frame; the shadow deep (the paper in it at 34-42% of the sunlit
      # light, a little blue from the open sky) and kept inside a box
      # reaching 26-34% of the page's shorter side into it, each way, from
      # the corner (the phone is as large on a small card as on a letter).
      # Which corner: one the document allows (<meta name="heldout-sunlight"
      # content="tr br">, the corners with no field a case measures; any
      # corner when it names none), drawn from SEED and the document, as are
      # the box, the turn, the shadow's depth and the surface (a teak garden
      # table, a white sill or paving). Then slight perspective, the phone's
      # sharpening, a little noise (bright light), JPEG 85. Not harsh: the
      # print stays black in the sun and in the shadow, every field legible
      # at a glance.
      f=$docs/$n.sunlight.jpg
      local B W2 H2 m sx sy ang core surface corner sb geo
      local -a corners
      B=$(((W < H ? W : H) / 16)); W2=$((W + 2 * B)); H2=$((H + 2 * B))
      read -r -a corners <<<"$(sed -n 's/.*name="heldout-sunlight" content="\([a-z ]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)"
      ((${#corners[@]})) || corners=(tl tr bl br)
      corner=${corners[$(pick "$n sunlight corner" "$seed" ${#corners[@]})]}
      sx=$(((W < H ? W : H) * (26 + $(pick "$n sunlight sx" "$seed" 9)) / 100))
      sy=$(((W < H ? W : H) * (26 + $(pick "$n sunlight sy" "$seed" 9)) / 100))
      ang=$((25 + $(pick "$n sunlight turn" "$seed" 31)))
      core=$((34 + $(pick "$n sunlight core" "$seed" 9)))
      case $(pick "$n sunlight surface" "$seed" 3) in
        0) surface='#b08d63' ;; 1) surface='#ece8de' ;; *) surface='#9a978f' ;;
      esac
      m=$((W2 < H2 ? W2 : H2)); sb=$(awk -v m="$m" 'BEGIN{printf "%.1f", m / 350 + 0.6}')
      # The shadow drawn for the top left corner, inside the box (B+sx) by
      # (B+sy) from the frame's corner, then mirrored to its corner.
      mapfile -t geo < <(awk -v bx="$((B + sx))" -v by="$((B + sy))" -v a="$ang" 'BEGIN{
        r = a * 3.14159265 / 180; c = cos(r); s = sin(r)
        L1 = bx / (c + 0.5 * s); L2 = by / (s + 0.5 * c); L = 0.9 * (L1 < L2 ? L1 : L2); w = L / 2
        bw = L * c + w * s; bh = L * s + w * c
        cx = bx - bw / 2 - 2; cy = by - bh / 2 - 2
        printf "-draw\ntranslate %d,%d rotate %d roundrectangle %d,%d %d,%d %d,%d\n", cx, cy, a, -L / 2, -w / 2, L / 2, w / 2, w / 6, w / 6
        hx = cx - 0.42 * L * c; hy = cy - 0.42 * L * s
        printf "-draw\ntranslate %d,%d rotate %d ellipse 0,0 %d,%d 0,360\n", hx, hy, a, 0.36 * L, 0.4 * L
        for (t = -0.05; t < 0.3; t += 0.16) {
          fx = cx - t * L * c - 0.55 * w * s; fy = cy - t * L * s + 0.55 * w * c
          printf "-draw\ntranslate %d,%d rotate %d ellipse 0,0 %d,%d 0,360\n", fx, fy, a, 0.09 * L, 0.06 * L
        }
        tx = cx - 0.1 * L * c + 0.55 * w * s; ty = cy - 0.1 * L * s - 0.55 * w * c
        printf "-draw\ntranslate %d,%d rotate %d ellipse 0,0 %d,%d 0,360\n", tx, ty, a - 20, 0.14 * L, 0.06 * L
        printf "-draw\nstroke-width %d stroke-linecap round line %d,%d %d,%d\n", 0.42 * L, hx, hy, hx - 3 * L * c, hy - 3 * L * s
        }')
      local -a mirror=()
      case $corner in tr) mirror=(-flop) ;; bl) mirror=(-flip) ;; br) mirror=(-flip -flop) ;; esac
      local fill
      fill="rgb($((core - 3))%,$((core - 1))%,$((core + 5))%)"
      convert -size "${W2}x${H2}" xc:white -fill "$fill" -stroke "$fill" -strokewidth 0 "${geo[@]}" \
        "${mirror[@]}" -blur "0x$sb" "$docs/$n.sun-mask.png"
      convert "$base" -bordercolor "$surface" -border "$B" \
        \( +clone -fill '#fff2dc' -colorize 100 \) -compose multiply -composite \
        "$docs/$n.sun-mask.png" -compose multiply -composite \
        -level 4%,84%,1.15 -modulate 100,112 \
        -background '#55524c' -virtual-pixel background \
        -distort Perspective "0,0 $((W2 / 70)),$((H2 / 80))  $W2,0 $((W2 - W2 / 60)),$((H2 / 110))  0,$H2 $((W2 / 110)),$((H2 - H2 / 75))  $W2,$H2 $((W2 - W2 / 80)),$((H2 - H2 / 65))" \
        -unsharp 0x1.2+0.7+0 -seed "$seed" -attenuate 0.12 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.sun-mask.png" ;;
    keyboard)
      # A phone screenshot taken while the on-screen keyboard was open
      # (unseen89): the patient had just typed in a reply field, a search
      # box or a form on the page, and took the screenshot without closing
      # the keyboard. The screen is 1170x2532 (a phone's 3x screen): the
      # status bar at the top (the time, signal, battery); the page fitted
      # to the screen's width and scrolled so the fields a clinician needs
      # are above the keyboard (the document says where, and what was typed
      # in: <meta name="heldout-keyboard" content="FRACTION KIND">, the
      # fraction of the page's height scrolled away above the screen and
      # `reply`, `search` or `form`; without it the top of the page and a
      # kind drawn from SEED and the document); then the keyboard over the
      # lower third or so of the screen (894 px: the suggestion bar with
      # three words, four rows of keys, the globe and the microphone), light
      # or, one time in three, dark (drawn the same way). `reply`: a message
      # field just above the keyboard holding a short typed line (no name,
      # date or medicine; drawn the same way) with the blue caret and the send
      # button; `search`: a search field under the status bar with a typed
      # word, the caret and "Cancel"; `form`: the form's bar above the
      # keyboard (the up and down arrows and "Done"), the typed value being
      # the page's own. A screenshot: PNG, no noise. Not harsh: what is above
      # the keyboard is as legible as on the screen itself.
      f=$docs/$n.keyboard.png
      local font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
      local spec frac kind dark SW=1170 SH=2532 SB=132 KH=894 KT top bot VH Hs off typed clock kd i x y kw=102 kg=15 kh=126 ch
      local kbg key spc ink ksh barbg
      spec=$(sed -n 's/.*name="heldout-keyboard" content="\([^"]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      if [[ -n $spec ]]; then frac=${spec%% *} kind=${spec#* }
      else frac=0; case $(( $(pick "$n keyboard kind" "$seed" 997) % 3 )) in 0) kind=reply ;; 1) kind=search ;; *) kind=form ;; esac; fi
      # (cksum's low bits barely change between names of one length, so the
      # draws below take a prime modulus first.)
      dark=$(( $(pick "$n keyboard theme" "$seed" 997) % 3 == 0 ))
      clock=$((7 + $(pick "$n keyboard hour" "$seed" 14))):$(printf %02d "$(pick "$n keyboard minute" "$seed" 60)")
      case $kind in
        reply) case $(( $(pick "$n keyboard typed" "$seed" 997) % 4 )) in
                 0) typed='Thanks, is this the one you need' ;; 1) typed='Ok great, see you later' ;;
                 2) typed='Perfect, thank you so much' ;; *) typed='On my way now' ;; esac ;;
        search) case $(( $(pick "$n keyboard typed" "$seed" 997) % 4 )) in
                 0) typed='order' ;; 1) typed='receipts' ;; 2) typed='last month' ;; *) typed='history' ;; esac ;;
        *) typed= ;;
      esac
      if ((dark)); then kbg='#2c2c2e' key='#6b6b6f' spc='#47474a' ink='#ffffff' ksh='#161616' barbg='#1f1f21'
      else kbg='#d1d4da' key='#ffffff' spc='#aeb3bc' ink='#111111' ksh='#8b8c90' barbg='#f4f4f6'; fi
      KT=$((SH - KH)) top=$SB bot=$KT
      case $kind in reply) bot=$((KT - 140)) ;; search) top=$((SB + 140)) ;; *) bot=$((KT - 110)) ;; esac
      VH=$((bot - top))
      # The page at the screen's width, scrolled.
      convert "$base" -resize "${SW}x" "$docs/$n.kb-page.png"
      Hs=$(identify -format %h "$docs/$n.kb-page.png")
      off=$(awk "BEGIN{o = int($frac * $Hs); m = $Hs - $VH; if (o > m) o = m; if (o < 0) o = 0; print o}")
      convert -size "${SW}x${VH}" xc:white \( "$docs/$n.kb-page.png" -crop "${SW}x${VH}+0+$off" +repage \) -compose over -composite "$docs/$n.kb-view.png"
      # The keyboard's keys.
      kd=(-fill "$kbg" -draw "rectangle 0,$KT $SW,$SH")
      kd+=(-fill "$ink" -font "$font" -pointsize 40)
      case $kind in reply) kd+=(-annotate "+150+$((KT + 78))" 'I' -annotate "+520+$((KT + 78))" 'the' -annotate "+905+$((KT + 78))" 'thanks') ;;
                    search) kd+=(-annotate "+130+$((KT + 78))" "\"$typed\"" -annotate "+560+$((KT + 78))" 'orders' -annotate "+905+$((KT + 78))" 'other') ;;
                    *) kd+=(-annotate "+150+$((KT + 78))" 'I' -annotate "+520+$((KT + 78))" 'the' -annotate "+910+$((KT + 78))" 'and') ;; esac
      kd+=(-fill "$spc" -draw "rectangle 389,$((KT + 30)) 391,$((KT + 94))" -draw "rectangle 779,$((KT + 30)) 781,$((KT + 94))")
      local r1=(q w e r t y u i o p) r2=(a s d f g h j k l) r3=(z x c v b n m)
      keycap() { # X Y W COLOUR LABEL
        kd+=(-fill "$ksh" -draw "roundrectangle $1,$(($2 + 3)) $(($1 + $3)),$(($2 + kh + 3)) 14,14")
        kd+=(-fill "$4" -draw "roundrectangle $1,$2 $(($1 + $3)),$(($2 + kh)) 14,14")
        [[ -n $5 ]] && kd+=(-fill "$ink" -annotate "+$(($1 + $3 / 2 - 16))+$(($2 + 86))" "$5")
        return 0
      }
      y=$((KT + 132)); kd+=(-pointsize 56)
      for i in "${!r1[@]}"; do keycap $((9 + i * (kw + kg))) "$y" "$kw" "$key" "${r1[$i]}"; done
      y=$((y + 162))
      for i in "${!r2[@]}"; do keycap $((67 + i * (kw + kg))) "$y" "$kw" "$key" "${r2[$i]}"; done
      y=$((y + 162))
      keycap 9 "$y" 140 "$spc" ''; kd+=(-fill "$ink" -draw "polygon 79,$((y + 30)) 49,$((y + 66)) 66,$((y + 66)) 66,$((y + 94)) 92,$((y + 94)) 92,$((y + 66)) 109,$((y + 66))")
      for i in "${!r3[@]}"; do keycap $((183 + i * (kw + kg))) "$y" "$kw" "$key" "${r3[$i]}"; done
      keycap 1021 "$y" 140 "$spc" ''; kd+=(-fill none -stroke "$ink" -strokewidth 4 -draw "polygon 1051,$((y + 63)) 1073,$((y + 40)) 1131,$((y + 40)) 1131,$((y + 86)) 1073,$((y + 86))" -stroke none)
      y=$((y + 162)); kd+=(-pointsize 40)
      keycap 9 "$y" 130 "$spc" ''; kd+=(-fill "$ink" -annotate "+38+$((y + 78))" '123')
      keycap 154 "$y" 130 "$spc" ''; kd+=(-fill none -stroke "$ink" -strokewidth 4 -draw "circle 219,$((y + 63)) 219,$((y + 31))" -draw "arc 199,$((y + 55)) 239,$((y + 85)) 20,160" -stroke none -fill "$ink" -draw "circle 207,$((y + 53)) 207,$((y + 57))" -draw "circle 231,$((y + 53)) 231,$((y + 57))")
      keycap 299 "$y" 572 "$key" ''; kd+=(-fill "$ink" -annotate "+520+$((y + 78))" 'space')
      keycap 886 "$y" 275 "$spc" ''; kd+=(-fill "$ink" -annotate "+$( [[ $kind == search ]] && echo 960 || echo 966)+$((y + 78))" "$( [[ $kind == search ]] && echo search || echo return)")
      y=$((y + 170))
      kd+=(-fill none -stroke "$ink" -strokewidth 4 -draw "circle 100,$((y + 60)) 100,$((y + 28))" -draw "ellipse 100,$((y + 60)) 14,32 0,360" -draw "line 68,$((y + 60)) 132,$((y + 60))" \
        -draw "roundrectangle 1058,$((y + 26)) 1082,$((y + 70)) 12,12" -draw "arc 1048,$((y + 40)) 1092,$((y + 84)) 0,180" -draw "line 1070,$((y + 84)) 1070,$((y + 96))" -stroke none)
      # The typed text and its caret.
      if [[ -n $typed ]]; then
        convert -background none -font "$font" -pointsize 42 -fill "$([[ $kind == search && $dark == 1 ]] && echo '#111111' || echo '#111111')" label:"$typed" "$docs/$n.kb-typed.png"
        ch=$(identify -format %w "$docs/$n.kb-typed.png")
      fi
      local extra=()
      case $kind in
        reply)
          extra=(-fill "$barbg" -draw "rectangle 0,$bot $SW,$KT" -fill '#c7c7cc' -draw "rectangle 0,$bot $SW,$((bot + 1))"
            -fill white -stroke '#c7c7cc' -strokewidth 2 -draw "roundrectangle 30,$((bot + 24)) 1020,$((bot + 116)) 46,46" -stroke none
            "$docs/$n.kb-typed.png" -geometry "+66+$((bot + 44))" -compose over -composite
            -fill '#0a84ff' -draw "rectangle $((70 + ch)),$((bot + 40)) $((74 + ch)),$((bot + 100))"
            -draw "circle 1092,$((bot + 70)) 1092,$((bot + 30))" -fill white -draw "polygon 1092,$((bot + 44)) 1070,$((bot + 70)) 1084,$((bot + 70)) 1084,$((bot + 96)) 1100,$((bot + 96)) 1100,$((bot + 70)) 1114,$((bot + 70))") ;;
        search)
          extra=(-fill white -draw "rectangle 0,$SB $SW,$top" -fill '#d8d8dc' -draw "rectangle 0,$((top - 1)) $SW,$top"
            -fill '#eeeef0' -draw "roundrectangle 30,$((SB + 24)) 880,$((SB + 116)) 26,26"
            -fill none -stroke '#8e8e93' -strokewidth 4 -draw "circle 80,$((SB + 66)) 80,$((SB + 50))" -draw "line 92,$((SB + 78)) 106,$((SB + 92))" -stroke none
            "$docs/$n.kb-typed.png" -geometry "+126+$((SB + 44))" -compose over -composite
            -fill '#0a84ff' -draw "rectangle $((130 + ch)),$((SB + 40)) $((134 + ch)),$((SB + 100))"
            -font "$font" -pointsize 42 -annotate "+915+$((SB + 86))" 'Cancel') ;;
        *)
          extra=(-fill "$barbg" -draw "rectangle 0,$bot $SW,$KT" -fill '#c7c7cc' -draw "rectangle 0,$bot $SW,$((bot + 1))"
            -fill none -stroke '#0a84ff' -strokewidth 5 -draw "polyline 40,$((bot + 68)) 62,$((bot + 44)) 84,$((bot + 68))" -draw "polyline 130,$((bot + 44)) 152,$((bot + 68)) 174,$((bot + 44))" -stroke none
            -fill '#0a84ff' -font "$bold" -pointsize 44 -annotate "+1020+$((bot + 72))" 'Done') ;;
      esac
      convert -size "${SW}x${SH}" xc:white "$docs/$n.kb-view.png" -geometry "+0+$top" -compose over -composite \
        -fill white -draw "rectangle 0,0 $SW,$SB" \
        -font "$bold" -pointsize 46 -fill '#111111' -annotate "+70+88" "$clock" \
        -draw "rectangle 930,78 938,90" -draw "rectangle 946,68 954,90" -draw "rectangle 962,58 970,90" -draw "rectangle 978,48 986,90" \
        -fill none -stroke '#111111' -strokewidth 3 -draw "roundrectangle 1020,50 1092,88 10,10" -stroke none -fill '#111111' -draw "rectangle 1026,56 1070,82" -draw "rectangle 1096,62 1101,76" \
        "${kd[@]}" "${extra[@]}" "$f"
      rm -f "$docs/$n.kb-page.png" "$docs/$n.kb-view.png" "$docs/$n.kb-typed.png" ;;
    onpile)
      # The document photographed lying on top of a pile of other papers
      # (unseen88), as patients keep a scrap, a slip or a label among the
      # post on a table or a sideboard: a newspaper, a bill or statement and
      # a printed letter under it, their edges sticking out round it on two
      # or three sides (on the others the pile's sheets end under the
      # document, which lies nearer that edge, with the table beyond), so
      # lines of their unrelated print show at the frame's edges beside the
      # document: other people's names, other dates (a few days to a few
      # weeks either side of the run day, in the market's own form: US
      # MM/DD/YYYY, UK DD/MM/YYYY), amounts and account numbers, at about
      # the document's own print size or a little smaller. Each sheet under
      # it lies a little turned (up to 2.5 degrees either way) and reaches
      # out less far than the one below it (the newspaper to the frame's
      # edge, the bill about three fifths of the way, the letter about a
      # third), each casting a soft shadow on the one below; the document
      # on top, turned up to 1.2 degrees, with its own soft shadow, so it is
      # plainly the top sheet and its print plainly its own. Which sides
      # the pile shows on, the sheets' order, turns, names, dates and the
      # table drawn from SEED and the document; then a phone photo from
      # above: slight perspective, light falling off, noise, JPEG 85. Not
      # harsh: nothing lies over the document, and every field is legible
      # to a person.
      f=$docs/$n.onpile.jpg
      local M T P np odd ml mr mt mb FW FH k d0 ang sx0 sx1 sy0 sy1 SW SH RW RH gx gy mk tb
      M=$(((W > H ? W : H) * 18 / 100)); ((M < 150)) && M=150
      T=$((M / 5))
      P=$(((W < H ? W : H) / 22)); ((P < 22)) && P=22; ((P > 32)) && P=32
      mk=us; [[ $n == uk-* ]] && mk=uk
      # The sides the pile shows on: three (all but one) or two adjacent.
      np=$((2 + $(pick "$n onpile np" "$seed" 2)))
      odd=$(pick "$n onpile side" "$seed" 4)
      local -a pile=(1 1 1 1)  # left right top bottom
      if ((np == 3)); then pile[odd]=0
      else case $odd in 0) pile=(0 1 0 1) ;; 1) pile=(1 0 0 1) ;; 2) pile=(1 0 1 0) ;; *) pile=(0 1 1 0) ;; esac; fi
      ml=$((pile[0] ? M : T)) mr=$((pile[1] ? M : T)) mt=$((pile[2] ? M : T)) mb=$((pile[3] ? M : T))
      FW=$((W + ml + mr)) FH=$((H + mt + mb))
      # The table beyond the pile.
      tb=$(pick "$n onpile table" "$seed" 3)
      local -a tcols=('#6b4a30' '#8a8f94' '#b48a5e')
      convert -size "$((FW / 4 + 2))x$((FH / 4 + 2))" xc:"${tcols[$tb]}" -seed "$((seed + 5))" -attenuate 0.8 +noise Gaussian \
        -motion-blur 0x10+0 -resize "${FW}x${FH}!" "$docs/$n.op-frame.png"
      # The three sheets under the document, from the bottom up: how far
      # each reaches out beyond the document on a pile side, and how far it
      # stops short of the document's edge on the other sides.
      local -a kinds
      case $(pick "$n onpile order" "$seed" 3) in
        0) kinds=(news bill letter) ;; 1) kinds=(news letter bill) ;; *) kinds=(letter news bill) ;;
      esac
      local -a reach=("$((M + M / 2))" "$((M * 62 / 100))" "$((M * 33 / 100))")
      for k in 0 1 2; do
        d0=${reach[$k]}
        sx0=$((pile[0] ? ml - d0 : ml + W * (4 + 2 * k) / 100)); sx1=$((pile[1] ? ml + W + d0 : ml + W - W * (4 + 2 * k) / 100))
        sy0=$((pile[2] ? mt - d0 : mt + H * (4 + 2 * k) / 100)); sy1=$((pile[3] ? mt + H + d0 : mt + H - H * (4 + 2 * k) / 100))
        SW=$((sx1 - sx0)) SH=$((sy1 - sy0))
        local -a draw=()
        mapfile -d '' draw < <(python3 - "${kinds[$k]}" "$SW" "$SH" "$P" "$mk" "$(pick "$n onpile text $k" "$seed" 99991)" <<'PY'
import datetime, os, random, sys
kind, w, h, p, mk, r = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], int(sys.argv[6])
rnd = random.Random(r)
today = datetime.date.fromisoformat(os.environ["HELDOUT_TODAY"]) if os.environ.get("HELDOUT_TODAY") else datetime.date.today()
def dt(days, long=False):
    d = today + datetime.timedelta(days=days)
    if long: return f"{d:%B} {d.day}, {d.year}" if mk == "us" else f"{d.day} {d:%B} {d.year}"
    return d.strftime("%m/%d/%Y") if mk == "us" else d.strftime("%d/%m/%Y")
offs = [-1, -2, -4, -6, -9, -12, -17, -23, -26, -33, -41, 3, 5, 8, 12, 19]
if mk == "us":
    people = ["LEONARD PASCOE", "Gwendolyn Farrant", "BARNABY QUIST", "Delphine Aucoin", "Marcus Tellefsen", "ROSALIND VEGA-HART"]
else:
    people = ["Mr Leonard Pascoe", "Mrs Gwendolyn Farrant", "Ms Tamsin Hollick", "Mr Barnaby Quist", "Mrs Elspeth Raynor", "Dr Ifan Probert"]
money = "$" if mk == "us" else "\u00a3"
words = ("council said the plans would go before the committee after residents raised concerns about parking on the "
         "high street and the timetable for the new bus route which was delayed again by the contractor while the "
         "school governors met to discuss the budget and the library opening hours over the winter months").split()
def person(): return rnd.choice(people)
def sentence(cw):
    out, line = [], ""
    while len(out) < 400:
        pick = rnd.random()
        if pick < 0.16: tok = person() + ","
        elif pick < 0.3: tok = "on " + dt(rnd.choice(offs), long=rnd.random() < 0.5)
        else: tok = rnd.choice(words)
        if len(line) + len(tok) + 1 > cw:
            out.append(line); line = tok
        else:
            line = (line + " " + tok).strip()
    return out
cw = max(10, int(w / (p * 0.6)))
nl = max(2, int(h / (p * 1.5)) + 1)
args = []
def annotate(x, y, text, font, size, fill):
    args.extend(["-font", font, "-pointsize", str(size), "-fill", fill, "-interline-spacing", str(int(size * 0.45)),
                 "-annotate", f"+{x}+{y}", text])
m = max(8, p // 2)
if kind == "news":
    ncol = max(2, w // (p * 16))
    colw = (w - m) // ncol
    for c in range(ncol):
        body = sentence(max(8, int((colw - m) / (p * 0.52))))[:nl]
        annotate(m + c * colw, m + p, "\n".join(body), "Liberation-Serif", p, "#2b2b2b")
elif kind == "bill":
    rows = []
    acct = f"{rnd.randrange(10**7, 10**8)}"
    nm = person()
    for i in range(nl):
        o = rnd.choice(offs)
        item = rnd.choice(["Direct debit", "Payment received", "Standing charge", "Usage", "Late fee", "Card payment"])
        amt = f"{money}{rnd.randrange(5, 240)}.{rnd.randrange(10, 99)}"
        # The row as long as the sheet holds: its fields dropped from the
        # middle out, never cut off at the paper's edge.
        for row in (f"{dt(o)}  {item:<16} {nm}  acct {acct}  {amt}  due {dt(o + 14)}", f"{dt(o)}  {item:<16} {nm}  {amt}",
                    f"{dt(o)}  {nm}  {amt}", f"{dt(o)}  {amt}", dt(o)):
            if len(row) <= (w - 2 * m) / (0.61 * max(18, p - 4)): break
        rows.append(row)
    annotate(m, m + p, "\n".join(rows), "DejaVu-Sans-Mono", max(18, p - 4), "#1f2f4a")
else:
    nm = person()
    lines = [f"{dt(rnd.choice(offs), long=True)}", f"Dear {nm},"]
    body = sentence(max(8, int((w - 2 * m) / (0.62 * max(18, p - 2)))))
    for i in range(nl):
        lines.append(body[i] if i % 5 else f"Ref {rnd.randrange(10**5, 10**6)} - {nm} - {dt(rnd.choice(offs))}")
    annotate(m, m + p, "\n".join(lines[:nl]), "DejaVu-Sans", max(18, p - 2), "#222222")
sys.stdout.write("\0".join(args))
PY
        )
        local -a paper=('#ece6d4' '#f7f8fa' '#fbfaf4')
        local pc=${paper[$(pick "$n onpile paper $k" "$seed" 3)]}
        [[ ${kinds[$k]} == news ]] && pc='#e6e0cf'
        ang=$(awk -v a="$(pick "$n onpile turn $k" "$seed" 26)" -v s="$(pick "$n onpile sign $k" "$seed" 2)" 'BEGIN{printf "%.1f", (s ? 1 : -1) * a / 10}')
        convert -size "${SW}x${SH}" xc:"$pc" "${draw[@]}" -bordercolor '#c9c4b8' -border 1 \
          -background none -rotate "$ang" \( +clone -background black -shadow 45x6+4+5 \) +swap -background none -layers merge +repage "$docs/$n.op-sheet.png"
        RW=$(identify -format %w "$docs/$n.op-sheet.png"); RH=$(identify -format %h "$docs/$n.op-sheet.png")
        gx=$((sx0 - (RW - SW) / 2)) gy=$((sy0 - (RH - SH) / 2))
        convert "$docs/$n.op-frame.png" "$docs/$n.op-sheet.png" -geometry "$(printf '%+d%+d' "$gx" "$gy")" -compose over -composite "$docs/$n.op-frame.png"
      done
      # The document on top, a little turned, with its own soft shadow.
      ang=$(awk -v a="$(pick "$n onpile pturn" "$seed" 13)" -v s="$(pick "$n onpile psign" "$seed" 2)" 'BEGIN{printf "%.1f", (s ? 1 : -1) * a / 10}')
      convert "$base" -bordercolor '#d8d8d8' -border 1 -background none -rotate "$ang" \
        \( +clone -background black -shadow 55x8+5+7 \) +swap -background none -layers merge +repage "$docs/$n.op-top.png"
      RW=$(identify -format %w "$docs/$n.op-top.png"); RH=$(identify -format %h "$docs/$n.op-top.png")
      gx=$((ml - (RW - W) / 2)) gy=$((mt - (RH - H) / 2))
      local px=$((FW / (60 + $(pick "$n onpile persp" "$seed" 40))))
      convert "$docs/$n.op-frame.png" "$docs/$n.op-top.png" -geometry "$(printf '%+d%+d' "$gx" "$gy")" -compose over -composite \
        -virtual-pixel mirror \
        -distort Perspective "0,0 $px,$((FH / 90))  $FW,0 $((FW - px)),$((FH / 120))  0,$FH 0,$FH  $FW,$FH $FW,$FH" \
        \( -size "${FW}x${FH}" radial-gradient:white-'#b4b4b4' \) -compose multiply -composite \
        -resize '3200x3200>' -seed "$seed" -attenuate 0.22 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n".op-*.png ;;
    yellowed)
      # Paper that has aged for weeks in a drawer or a wallet, then
      # photographed on a table in ordinary room light (unseen90): the paper
      # yellowed and uneven in tone (a smooth field, darker towards the
      # edges and along an old fold: a soft darker band across the page, at
      # 40-60% of its height or width, with its crease as a thin dark line
      # beside a light one); the print a little faded (black lifted to about
      # a fifth grey, then browned by the paper) but dark enough; one or two
      # faint brown foxing spots (radius 5-13 px), each placed only where
      # the page has no print around it (a box measured on the page: no
      # stroke darker than its paper); then the page turned up to 1.5
      # degrees with its soft shadow on a table, slight perspective, light
      # falling off a little and slightly warm, noise, JPEG 85. The field,
      # the fold's place and direction, the spots, the turn and the table
      # drawn from SEED and the document. Not harsh: every field stays
      # legible to a person.
      f=$docs/$n.yellowed.jpg
      local ys fv fp fs BW M k t sx sy sr box m spots=() turn tab CW CH
      ys=$(($(pick "$n yellowed" "$seed" 100000) + seed))
      fv=$(pick "$n yellowed fold dir" "$seed" 2)
      fp=$((40 + $(pick "$n yellowed fold at" "$seed" 21)))
      fs=$(($(pick "$n yellowed fold slant" "$seed" 21) - 10))
      M=$(((W < H ? W : H)))
      BW=$((M / 30 + 4))
      # The tone: a smooth field (up to 30% of the way to the darker yellow),
      # the edges (up to 70%) and the fold's band (up to 55%), the largest of
      # the three at each pixel.
      convert -size "$((W / 60 + 2))x$((H / 60 + 2))" -seed "$ys" plasma:grey50-grey50 -colorspace gray \
        -blur 0x2 -auto-level -resize "${W}x${H}!" +level 0%,30% "$docs/$n.yl-field.png"
      convert -size "${W}x${H}" xc:white -fill black \
        -draw "rectangle $((M / 9)),$((M / 9)) $((W - M / 9)),$((H - M / 9))" -blur "0x$((M / 12))" +level 0%,70% "$docs/$n.yl-edge.png"
      if ((fv)); then
        local x1=$((W * fp / 100 + W * fs / 400)) x2=$((W * fp / 100 - W * fs / 400))
        convert -size "${W}x${H}" xc:black -stroke white -strokewidth "$BW" -draw "line $x1,0 $x2,$H" -blur "0x$((BW / 2 + 1))" +level 0%,55% "$docs/$n.yl-fold.png"
        convert -size "${W}x${H}" xc:white -stroke gray62 -strokewidth 1.4 -draw "line $x1,0 $x2,$H" \
          -stroke white -draw "line $((x1 + 2)),0 $((x2 + 2)),$H" -blur 0x0.6 "$docs/$n.yl-crease.png"
      else
        local y1=$((H * fp / 100 + H * fs / 400)) y2=$((H * fp / 100 - H * fs / 400))
        convert -size "${W}x${H}" xc:black -stroke white -strokewidth "$BW" -draw "line 0,$y1 $W,$y2" -blur "0x$((BW / 2 + 1))" +level 0%,55% "$docs/$n.yl-fold.png"
        convert -size "${W}x${H}" xc:white -stroke gray62 -strokewidth 1.4 -draw "line 0,$y1 $W,$y2" \
          -stroke white -draw "line 0,$((y1 + 2)) $W,$((y2 + 2))" -blur 0x0.6 "$docs/$n.yl-crease.png"
      fi
      convert "$docs/$n.yl-field.png" "$docs/$n.yl-edge.png" -compose lighten -composite \
        "$docs/$n.yl-fold.png" -compose lighten -composite "$docs/$n.yl-mask.png"
      # Foxing: up to 12 tries for each of one or two spots; a try is kept
      # where a box round it (the spot and 30 px) holds no print.
      for ((k = 0; k < 1 + $(pick "$n yellowed spots" "$seed" 2); k++)); do
        for ((t = 0; t < 12; t++)); do
          sr=$((5 + $(pick "$n yellowed sr$k.$t" "$seed" 9)))
          sx=$((sr + 30 + $(pick "$n yellowed sx$k.$t" "$seed" $((W - 2 * sr - 60)))))
          sy=$((sr + 30 + $(pick "$n yellowed sy$k.$t" "$seed" $((H - 2 * sr - 60)))))
          box=$((2 * sr + 60))
          read -r m < <(convert "$base" -crop "${box}x${box}+$((sx - sr - 30))+$((sy - sr - 30))" +repage -colorspace gray \
            -format '%[fx:(mean - minima) < 0.1 ? 1 : 0]\n' info:)
          if ((m)); then spots+=(-draw "circle $sx,$sy $((sx + sr)),$sy" -draw "circle $((sx + sr / 3)),$((sy - sr / 4)) $((sx + sr / 3 + sr / 2)),$((sy - sr / 4))"); break; fi
        done
      done
      # The page: the print faded, multiplied by the yellowed paper (a light
      # and a darker yellow mixed by the mask), the spots, the crease.
      convert "$base" -colorspace sRGB +level 20%,100% \
        \( -size "${W}x${H}" xc:'#f6ecd0' xc:'#d8bf86' "$docs/$n.yl-mask.png" -composite \) -compose multiply -composite \
        \( -size "${W}x${H}" xc:white -fill '#dcc096' -stroke '#cba572' -strokewidth 1 "${spots[@]}" -blur 0x1.6 \) -compose multiply -composite \
        "$docs/$n.yl-crease.png" -compose multiply -composite "$docs/$n.yl-page.png"
      turn=$(awk "BEGIN{print ($(pick "$n yellowed turn" "$seed" 31) - 15) / 10}")
      case $(pick "$n yellowed table" "$seed" 3) in 0) tab='#8b6b4a' ;; 1) tab='#a3a19b' ;; *) tab='#6f5a48' ;; esac
      CW=$((W + W / 6)) CH=$((H + W / 6))
      convert -size "${CW}x${CH}" xc:"$tab" -seed "$seed" -attenuate 0.5 +noise Gaussian -blur 0x0.8 \
        \( "$docs/$n.yl-page.png" -background none -rotate "$turn" \( +clone -background black -shadow 50x6+5+7 \) +swap -background none -layers merge +repage \) \
        -gravity center -compose over -composite +gravity \
        -background "$tab" -virtual-pixel background \
        -distort Perspective "0,0 $((CW / 50)),$((CH / 60))  $CW,0 $((CW - CW / 70)),$((CH / 90))  0,$CH $((CW / 90)),$((CH - CH / 50))  $CW,$CH $((CW - CW / 45)),$((CH - CH / 70))" \
        \( -size "${CW}x${CH}" xc: -sparse-color Barycentric "0,0 #fffaf0 $CW,$CH #c9c1b4" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n".yl-* ;;
    damp)
      # Paper that got damp and dried again, photographed on a table
      # (unseen92): a letter or label left under a wet glass or carried in
      # the rain. The paper cockled as it dried: wavy ripples (sinusoidal
      # ridges, a period of 9-15% of the page's shorter side, their direction
      # and a smooth bend drawn from SEED and the document) push the print
      # about by up to 3 px and shade it softly (the darkest troughs at about
      # 84% of the light, no hard line); where the water lay, one or two
      # irregular wet patches (radius 14-24% of the shorter side) in which
      # the ink feathered and spread a little (the strokes a pixel thicker
      # and softened, black lifted a little) on faintly yellowed paper, each
      # ringed by its tide-mark, a thin broken brownish line where the water
      # dried. Then a phone photo on a table: slight perspective, light
      # falling off, noise, JPEG 85. Not harsh: every field stays legible to
      # a person; the print in the patches is fuzzier, not lost.
      f=$docs/$n.damp.jpg
      local m=$((W < H ? W : H)) D P ang fseed nb k bx by ba bb b FW FH tcol
      D=$(((W > H ? W : H) * 3 / 2))
      P=$((m * (9 + $(pick "$n damp period" "$seed" 7)) / 100))
      ang=$(($(pick "$n damp angle" "$seed" 180) - 90))
      fseed=$(pick "$n damp field" "$seed" 100000)
      # The smooth field (0..1) that bends the ripples and breaks the tide-marks.
      convert -size 7x7 xc:gray50 -seed "$fseed" +noise Random -colorspace Gray \
        -resize "${W}x${H}!" -blur "0x$((m / 14 + 2))" -auto-level "$docs/$n.dp-field.png"
      # The ripples: bands on a large square, turned, cut to the page, bent by the field.
      convert -size "${D}x${D}" gradient:white-black -function Sinusoid "$((D / P)),0,0.5,0.5" \
        -distort SRT "$ang" -gravity center -crop "${W}x${H}+0+0" +repage +gravity \
        "$docs/$n.dp-field.png" -define compose:args="$((P / 3))x$((P / 3))" -compose displace -composite \
        -blur 0x3 "$docs/$n.dp-height.png"
      # The wet patches' mask: ellipses made ragged by the field.
      nb=$((1 + $(pick "$n damp patches" "$seed" 2)))
      local draws=()
      for ((k = 0; k < nb; k++)); do
        ba=$((m * (14 + $(pick "$n damp a$k" "$seed" 11)) / 100)); bb=$((ba * (70 + $(pick "$n damp b$k" "$seed" 30)) / 100))
        bx=$((W * (20 + $(pick "$n damp x$k" "$seed" 61)) / 100)); by=$((H * (15 + $(pick "$n damp y$k" "$seed" 71)) / 100))
        draws+=(-draw "ellipse $bx,$by $ba,$bb 0,360")
      done
      convert -size "${W}x${H}" xc:black -fill white "${draws[@]}" -blur "0x$((m / 30 + 2))" \
        \( "$docs/$n.dp-field.png" +level 45%,100% \) -compose multiply -composite -threshold 30% -blur 0x1.2 "$docs/$n.dp-wet.png"
      # The ink where it was wet: spread a pixel, softened, black lifted a little.
      convert "$base" -morphology Erode Disk:1 -blur 0x1.1 +level 7%,100% "$docs/$n.dp-ink.png"
      # The page: the wet ink inside the patches, faintly yellowed there, the
      # tide-marks, the cockle's displacement and its shading.
      convert "$base" "$docs/$n.dp-ink.png" "$docs/$n.dp-wet.png" -composite \
        \( -size "${W}x${H}" xc:white xc:'#efe6cc' "$docs/$n.dp-wet.png" -composite \) -compose multiply -composite \
        \( -size "${W}x${H}" xc:white xc:'#9c8658' \( "$docs/$n.dp-wet.png" -morphology EdgeOut Disk:2 -blur 0x1.3 \
           \( "$docs/$n.dp-field.png" -level 10%,70% \) -compose multiply -composite \) -composite \) -compose multiply -composite \
        "$docs/$n.dp-height.png" "$docs/$n.dp-height.png" -define compose:args=3x3 -compose displace -composite \
        \( "$docs/$n.dp-height.png" -shade 120x40 -blur 0x2 -auto-level +level 84%,100% \) -compose multiply -composite \
        "$docs/$n.dp-page.png"
      # The photo on a table.
      b=$(((W > H ? W : H) / 16)); FW=$((W + 2 * b)) FH=$((H + 2 * b))
      case $(pick "$n damp table" "$seed" 3) in 0) tcol='#8a6f52' ;; 1) tcol='#9c9a94' ;; *) tcol='#6f5a44' ;; esac
      convert "$docs/$n.dp-page.png" -bordercolor "$tcol" -border "$b" -background "$tcol" -virtual-pixel background \
        -distort Perspective "0,0 $((FW / 50)),$((FH / 45))  $FW,0 $((FW - FW / 60)),$((FH / 55))  0,$FH $((FW / 55)),$((FH - FH / 50))  $FW,$FH $((FW - FW / 45)),$((FH - FH / 60))" \
        \( -size "${FW}x${FH}" radial-gradient:white-'#b4b4b4' \) -compose multiply -composite \
        -blur 0x0.5 -seed "$seed" -attenuate 0.3 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n".dp-* ;;
    cookiebanner)
      # A screenshot of a web page (phone or desktop) taken while a
      # cookie-consent or sign-up banner was still showing over it
      # (unseen91): the page behind dimmed a little by the banner's grey
      # overlay (20% towards black), and the banner (a bold title, two or
      # three lines of text, its Accept and Manage buttons, or Sign up and
      # No thanks) covering a band of the page: a bar across the whole width
      # pinned to the band's foot, or a card with rounded corners and a soft
      # shadow in the band's middle. Where the band may fall the page says
      # (`<meta name="heldout-cookiebanner" content="Y0 Y1 phone|desktop">`:
      # the band's top and foot as fractions of the page's height, print no
      # case measures; a bar sits at the screen's foot unless its top would
      # then rise above the band's), else the foot (0.78-0.97). The type is the site's
      # (13 CSS px body, 16 px title, at the page's own device scale from its
      # heldout-viewport); the style, the wording, the button colour and the
      # banner's depth in the band drawn from SEED and the document. Lossless
      # PNG, as a screenshot is. Not harsh: every field stays legible around
      # the banner.
      f=$docs/$n.cookiebanner.png
      local spec y0 y1 kind sc pt tp pad Y0 Y1 BW BH style msg col title body b1 b2 bw bh by bx
      spec=$(sed -n 's/.*name="heldout-cookiebanner" content="\([^"]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      read -r y0 y1 kind <<<"${spec:-0.78 0.97 desktop}"
      sc=$(sed -n 's/.*name="heldout-viewport" content="[0-9]*x[0-9]*@\([0-9.]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      sc=${sc:-2}
      pt=$(awk -v s="$sc" 'BEGIN{printf "%d", 13 * s + 0.5}'); tp=$(awk -v s="$sc" 'BEGIN{printf "%d", 16 * s + 0.5}')
      pad=$(awk -v s="$sc" 'BEGIN{printf "%d", 14 * s + 0.5}')
      Y0=$(awk -v h="$H" -v y="$y0" 'BEGIN{printf "%d", h * y}'); Y1=$(awk -v h="$H" -v y="$y1" 'BEGIN{printf "%d", h * y}')
      style=$(pick "$n cookiebanner style" "$seed" 2)
      msg=$(pick "$n cookiebanner msg" "$seed" 3)
      col=$(pick "$n cookiebanner col" "$seed" 4)
      col=$(echo '#1a5fd0 #0f7b5f #3a3a8c #b3261e' | cut -d' ' -f$((col + 1)))
      case $msg in
        0) title="We value your privacy"; b1="Accept all"; b2="Manage preferences"
           body="We and our partners use cookies and similar technologies to keep this site working, to understand how you use it and to show you relevant offers. You can accept all cookies or choose which ones we use." ;;
        1) title="Cookies on this website"; b1="Accept cookies"; b2="Manage cookies"
           body="Some cookies are essential. We would also like to set analytics and marketing cookies to help us improve the site. We will not set them unless you accept." ;;
        *) title="Stay in the loop"; b1="Sign up"; b2="No thanks"
           body="Join our mailing list for health tips, reminders and members-only offers. By signing up you agree to our privacy notice; unsubscribe at any time." ;;
      esac
      if ((style == 0)); then BW=$W; else
        BW=$((W * (72 + $(pick "$n cookiebanner w" "$seed" 13)) / 100))
        [[ $kind == phone ]] && BW=$((W - 2 * pad))
      fi
      local cb=$docs/$n.cb
      bw=$(( (BW - 3 * pad) / 2 )); ((bw > 15 * pt)) && bw=$((15 * pt))
      bh=$((pt * 26 / 10))
      convert -size "${bw}x${bh}" xc:none -fill "$col" -draw "roundrectangle 0,0 $((bw - 1)),$((bh - 1)) $((bh / 4)),$((bh / 4))" \
        -gravity center -font DejaVu-Sans-Bold -pointsize "$pt" -fill white -annotate +0+0 "$b1" "$cb-b1.png"
      convert -size "${bw}x${bh}" xc:none -fill white -stroke "$col" -strokewidth "$((pt / 9 + 1))" \
        -draw "roundrectangle 1,1 $((bw - 2)),$((bh - 2)) $((bh / 4)),$((bh / 4))" -stroke none \
        -gravity center -font DejaVu-Sans-Bold -pointsize "$pt" -fill "$col" -annotate +0+0 "$b2" "$cb-b2.png"
      convert -background white -fill '#202124' -font DejaVu-Sans-Bold -pointsize "$tp" -size "$((BW - 2 * pad))x" caption:"$title" \
        \( -size "$((BW - 2 * pad))x$((pt / 2))" xc:white \) \
        \( -background white -fill '#3c4043' -font DejaVu-Sans -pointsize "$pt" -size "$((BW - 2 * pad))x" caption:"$body" \) \
        \( -size "$((BW - 2 * pad))x$((pt * 3 / 4))" xc:white \) \
        \( -background white "$cb-b1.png" -size "${pad}x${bh}" xc:white "$cb-b2.png" +append -background white -gravity west -extent "$((BW - 2 * pad))x${bh}" \) \
        +gravity -background white -append -bordercolor white -border "$pad" "$cb-banner.png"
      BH=$(identify -format %h "$cb-banner.png")
      # Too deep for its band: the site shrinks nothing, so the band decides
      # only where it goes; a banner deeper than the band rises above it.
      if ((style == 0)); then
        convert "$cb-banner.png" -fill '#c8c8c8' -draw "line 0,0 $BW,0" "$cb-banner2.png"
        by=$((H - BH)); ((by < Y0)) && by=$((Y1 - BH)); bx=0
      else
        convert "$cb-banner.png" -alpha off \( -size "${BW}x${BH}" xc:black -fill white \
            -draw "roundrectangle 0,0 $((BW - 1)),$((BH - 1)) $pad,$pad" \) -compose copy_opacity -composite -compose over \
          \( +clone -background black -shadow 45x$((pad / 2))+0+$((pad / 4)) \) +swap -background none -layers merge +repage "$cb-banner2.png"
        by=$((Y0 + ((Y1 - Y0) - BH) * (30 + $(pick "$n cookiebanner y" "$seed" 41)) / 100)); bx=$(( (W - BW) / 2 - pad / 2 ))
      fi
      ((by < 0)) && by=0
      convert "$base" -fill black -colorize 20% "$cb-banner2.png" -geometry "+${bx}+${by}" -compose over -composite "$f"
      rm -f "$cb"-* ;;
    attachpreview)
      # A screenshot of the phone's mail app showing the document as an
      # e-mail's attachment preview, as members forward what a programme or
      # a pharmacy e-mails them (unseen96): a 1170x2532 screen, the status
      # bar and the mail app's bar ("< Inbox", arrows), the e-mail's header
      # (the sender's round avatar with an initial, the sender's name, "to
      # me" and the time, the subject in bold, one short body line in no
      # role of the document's), then the attachment's first page (the
      # page's own screenshot) as a large preview card a little narrower
      # than the screen (1010-1060 px wide: a light grey card with rounded
      # corners, a hairline edge and a soft shadow round the page), and
      # under it the file's badge, name and size, the app's toolbar at the
      # foot. What the header says the page names (`<meta
      # name="heldout-attachpreview" content="SENDER|ADDRESS|SUBJECT|BODY|FILE">`);
      # without it a pharmacy's generic e-mail. The card's width, the
      # avatar's colour, the time and the file's size drawn from SEED and
      # the document; a page too tall for
      # the screen is fitted to the height left. Lossless PNG, as a
      # screenshot is. Not harsh: the page is drawn at about 60% of its
      # screenshot, its smallest print still about 14 px.
      f=$docs/$n.attachpreview.png
      local spec sender addr subj body fname ap cw pad avc hh mm kb top_h sub_h body_h avail pw ph
      spec=$(sed -n 's/.*name="heldout-attachpreview" content="\([^"]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      IFS='|' read -r sender addr subj body fname <<<"${spec:-Your pharmacy|noreply@pharmacy.example|Your document|Please find your document attached.|document.pdf}"
      ap=$docs/$n.ap
      cw=$((1010 + $(pick "$n attachpreview w" "$seed" 51)))
      pad=18
      avc=$(echo '#5b6ee1 #d9534f #2e9b6a #b7791f #8e44ad #1f7a8c' | cut -d' ' -f$(($(pick "$n attachpreview av" "$seed" 6) + 1)))
      hh=$((7 + $(pick "$n attachpreview hh" "$seed" 14))) mm=$(pick "$n attachpreview mm" "$seed" 60)
      kb=$((96 + $(pick "$n attachpreview kb" "$seed" 700)))
      # The status bar and the mail app's bar.
      convert -size 1170x250 xc:white \
        -font DejaVu-Sans-Bold -fill '#111111' -pointsize 44 -annotate +80+95 "$(printf '%d:%02d' "$hh" "$mm")" \
        -font DejaVu-Sans -pointsize 40 -annotate +880+95 '5G 64%' \
        -fill '#0a7aff' -pointsize 50 -annotate +36+215 '‹ Inbox' \
        -pointsize 46 -annotate +930+212 '⌃   ⌄' "$ap-top.png"
      # The sender's row: avatar, name, "to me" and the time.
      convert -size 1170x150 xc:white -fill "$avc" -draw "circle 98,75 98,19" \
        -font DejaVu-Sans-Bold -fill white -pointsize 52 -gravity northwest -annotate +80+42 "${sender:0:1}" \
        -fill '#111111' -pointsize 42 -annotate +180+28 "$sender" \
        -font DejaVu-Sans -fill '#8e8e93' -pointsize 34 -annotate +180+86 "to me  ·  $addr" \
        -annotate +1000+30 "$(printf '%d:%02d' "$hh" "$((mm > 5 ? mm - 5 : mm))")" "$ap-from.png"
      convert -background white -fill '#111111' -font DejaVu-Sans-Bold -pointsize 46 -size 1080x caption:"$subj" \
        -bordercolor white -border 45x14 "$ap-subj.png"
      convert -background white -fill '#3c3c43' -font DejaVu-Sans -pointsize 38 -size 1080x caption:"$body" \
        -bordercolor white -border 45x16 "$ap-body.png"
      top_h=$((250 + 150 + $(identify -format %h "$ap-subj.png") + $(identify -format %h "$ap-body.png") + 30))
      # The page fitted in the card, the height left above the file line and
      # the toolbar (about 330 px).
      avail=$((2532 - top_h - 330 - 2 * pad))
      convert "$base" -resize "$((cw - 2 * pad))x${avail}" "$ap-page.png"
      pw=$(identify -format %w "$ap-page.png") ph=$(identify -format %h "$ap-page.png")
      convert -size "$((pw + 2 * pad))x$((ph + 2 * pad))" xc:none -fill '#f2f2f7' -stroke '#d1d1d6' -strokewidth 2 \
        -draw "roundrectangle 1,1 $((pw + 2 * pad - 2)),$((ph + 2 * pad - 2)) 28,28" -stroke none \
        "$ap-page.png" -geometry "+$pad+$pad" -compose over -composite \
        \( +clone -background black -shadow 30x12+0+6 \) +swap -background none -layers merge +repage \
        -background white -gravity center -extent "1170x$((ph + 2 * pad + 40))" "$ap-card.png"
      # The file's badge, name and size under the card.
      convert -size 1170x110 xc:white -fill '#e0413a' -draw "roundrectangle $(((1170 - cw) / 2)),18 $(((1170 - cw) / 2 + 84)),92 12,12" \
        -font DejaVu-Sans-Bold -fill white -pointsize 28 -gravity northwest -annotate "+$(((1170 - cw) / 2 + 14))+38" PDF \
        -fill '#111111' -pointsize 34 -annotate "+$(((1170 - cw) / 2 + 110))+20" "$fname" \
        -font DejaVu-Sans -fill '#8e8e93' -pointsize 30 -annotate "+$(((1170 - cw) / 2 + 110))+64" "PDF Document · ${kb} KB" "$ap-file.png"
      convert "$ap-top.png" "$ap-from.png" "$ap-subj.png" "$ap-body.png" "$ap-card.png" "$ap-file.png" \
        -background white -append -gravity north -extent 1170x2532 \
        -fill '#f7f7f7' -draw "rectangle 0,2362 1170,2532" -fill '#d1d1d6' -draw "rectangle 0,2362 1170,2363" \
        -fill '#0a7aff' -font DejaVu-Sans -pointsize 46 -gravity northwest -annotate +70+2400 '⚑' -annotate +330+2400 '▭' \
        -annotate +560+2400 '⌫' -annotate +800+2400 '↩' -annotate +1030+2400 '✎' \
        -fill '#111111' -draw "roundrectangle 400,2500 770,2512 6,6" "$f"
      rm -f "$ap"-* ;;
    sharesheet)
      # A phone screenshot taken while the share sheet was open over the
      # document (unseen95): the patient had the page open in a viewer (the
      # Files or Photos app, a mail attachment's preview), pressed Share to
      # send it, and took a screenshot instead. The screen is 1170x2532 (a
      # phone's 3x screen): the status bar, the viewer's bar (Done, the file's
      # name, the share button), the page fitted to the screen's width and
      # shown from its top (or scrolled: <meta name="heldout-sharesheet"
      # content="FRACTION">, the fraction of the page's height scrolled away),
      # the whole screen dimmed behind the sheet (35% towards black); then the
      # system's share panel over the lower 42-50% of the screen (its depth
      # drawn from SEED and the document), light or, one time in three, dark:
      # its header (the page's thumbnail, the file's name, "Options", the
      # close button), a row of contacts' round avatars with their initials,
      # a messaging badge and first names, a row of app icons (AirDrop,
      # Messages, Mail, Notes, WhatsApp; their order drawn the same way), and
      # the actions (Copy, Print, Save to Files) in a rounded group, the list
      # running on under the screen's edge; the home indicator. A screenshot:
      # PNG, no noise. Not harsh: the page above the sheet is dimmed but
      # plain, and the fields a clinician needs are in that upper part.
      f=$docs/$n.sharesheet.png
      local font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
      local SW=1170 SH=2532 SB=132 NB=124 frac off Hs VH ST dark bg fg sub grp sep clock fname kind i x y ss=$docs/$n.ss
      frac=$(sed -n 's/.*name="heldout-sharesheet" content="\([0-9.]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      frac=${frac:-0}
      # (cksum's low bits barely change between names of one length, so the
      # draws take a prime modulus first.)
      dark=$(( $(pick "$n sharesheet theme" "$seed" 997) % 3 == 0 ))
      ST=$(( SH - SH * (42 + $(pick "$n sharesheet depth" "$seed" 997) % 9) / 100 ))
      clock=$((8 + $(pick "$n sharesheet hour" "$seed" 997) % 13)):$(printf %02d $(( $(pick "$n sharesheet minute" "$seed" 997) % 60 )))
      kind=$(( $(pick "$n sharesheet kind" "$seed" 997) % 2 ))
      if ((kind == 0)); then fname="IMG_$((1000 + $(pick "$n sharesheet file" "$seed" 8999)))"; sub="Photo"
      else fname="Scan $((100 + $(pick "$n sharesheet file" "$seed" 899)))"; sub="PDF Document"; fi
      if ((dark)); then bg='#1c1c1e' fg='#ffffff' grp='#2c2c2e' sep='#3a3a3c'
      else bg='#f2f2f7' fg='#111111' grp='#ffffff' sep='#d1d1d6'; fi
      # The viewer: the page at the screen's width from its top (or scrolled).
      convert "$base" -resize "${SW}x" "$ss-page.png"
      Hs=$(identify -format %h "$ss-page.png")
      VH=$((SH - SB - NB))
      off=$(awk "BEGIN{o = int($frac * $Hs); m = $Hs - $VH; if (m < 0) m = 0; if (o > m) o = m; if (o < 0) o = 0; print o}")
      convert -size "${SW}x${SH}" xc:white \( "$ss-page.png" -crop "${SW}x${VH}+0+$off" +repage \) -geometry "+0+$((SB + NB))" -compose over -composite \
        -fill '#f7f7f7' -draw "rectangle 0,0 $SW,$((SB + NB))" -fill '#d1d1d6' -draw "rectangle 0,$((SB + NB - 2)) $SW,$((SB + NB))" \
        -font "$bold" -pointsize 46 -fill '#111111' -annotate "+70+88" "$clock" \
        -draw "rectangle 930,78 938,90" -draw "rectangle 946,68 954,90" -draw "rectangle 962,58 970,90" -draw "rectangle 978,48 986,90" \
        -fill none -stroke '#111111' -strokewidth 3 -draw "roundrectangle 1020,50 1092,88 10,10" -stroke none -fill '#111111' -draw "rectangle 1026,56 1070,82" -draw "rectangle 1096,62 1101,76" \
        -fill '#0a84ff' -font "$bold" -pointsize 44 -annotate "+40+$((SB + 78))" 'Done' \
        -fill '#111111' -font "$bold" -pointsize 40 -gravity north -annotate "+0+$((SB + 40))" "$fname" -gravity northwest \
        -fill none -stroke '#0a84ff' -strokewidth 5 -draw "polyline 1086,$((SB + 50)) 1086,$((SB + 96)) 1130,$((SB + 96)) 1130,$((SB + 50))" \
        -draw "line 1108,$((SB + 24)) 1108,$((SB + 74))" -draw "polyline 1094,$((SB + 38)) 1108,$((SB + 24)) 1122,$((SB + 38))" -stroke none \
        -fill black -colorize 35% "$ss-screen.png"
      # The sheet.
      local sd=(-fill "$bg" -draw "roundrectangle 0,$ST $SW,$((SH + 60)) 44,44")
      y=$((ST + 40))
      convert "$base" -resize 132x132 -bordercolor '#c7c7cc' -border 1 "$ss-thumb.png"
      sd+=("$ss-thumb.png" -geometry "+44+$y" -compose over -composite)
      sd+=(-fill "$fg" -font "$bold" -pointsize 40 -annotate "+210+$((y + 52))" "$fname")
      sd+=(-fill '#8e8e93' -font "$font" -pointsize 34 -annotate "+210+$((y + 100))" "$sub  ")
      sd+=(-fill '#0a84ff' -annotate "+$((210 + ${#sub} * 20 + 40))+$((y + 100))" 'Options >')
      sd+=(-fill "$grp" -draw "circle 1080,$((y + 44)) 1080,$((y + 8))" -stroke '#8e8e93' -strokewidth 5 -draw "line 1066,$((y + 30)) 1094,$((y + 58))" -draw "line 1094,$((y + 30)) 1066,$((y + 58))" -stroke none)
      y=$((y + 176)); sd+=(-fill "$sep" -draw "rectangle 0,$y $SW,$((y + 1))")
      # Contacts: round avatars with initials, a messaging badge, first names.
      local names=(Mum Sam Family Chris Dad Bea) cols=('#f4a261' '#5e8bd6' '#8e8e93' '#4caf7d' '#c06c84' '#7d6bd6')
      local r0=$(( $(pick "$n sharesheet contacts" "$seed" 997) % 6 )) j nm cx
      y=$((y + 40))
      for i in 0 1 2 3 4; do
        j=$(( (r0 + i) % 6 )); nm=${names[$j]}; cx=$((120 + i * 232))
        sd+=(-fill "${cols[$j]}" -draw "circle $cx,$((y + 80)) $cx,$y")
        sd+=(-fill white -font "$bold" -pointsize 56 -gravity northwest -annotate "+$((cx - ${#nm} * 0 - 22))+$((y + 46))" "${nm:0:1}")
        sd+=(-fill '#34c759' -draw "circle $((cx + 58)),$((y + 140)) $((cx + 58)),$((y + 114))" -fill white -draw "ellipse $((cx + 58)),$((y + 139)) 15,11 0,360")
        sd+=(-fill "$fg" -font "$font" -pointsize 32 -annotate "+$((cx - ${#nm} * 10))+$((y + 210))" "$nm")
      done
      y=$((y + 250)); sd+=(-fill "$sep" -draw "rectangle 0,$y $SW,$((y + 1))")
      # Apps: rounded icons with their labels.
      local apps=(AirDrop Messages Mail Notes WhatsApp) acol=('#1a8cff' '#34c759' '#2f7cf6' '#ffd60a' '#25d366') a0 lab
      a0=$(( $(pick "$n sharesheet apps" "$seed" 997) % 5 ))
      y=$((y + 40))
      for i in 0 1 2 3 4; do
        j=$(( (a0 + i) % 5 )); lab=${apps[$j]}; cx=$((120 + i * 232))
        sd+=(-fill "${acol[$j]}" -draw "roundrectangle $((cx - 76)),$y $((cx + 76)),$((y + 152)) 36,36")
        case $lab in
          AirDrop) sd+=(-fill none -stroke white -strokewidth 6 -draw "arc $((cx - 50)),$((y + 26)) $((cx + 50)),$((y + 126)) 200,340" -draw "arc $((cx - 30)),$((y + 46)) $((cx + 30)),$((y + 106)) 200,340" -stroke none -fill white -draw "circle $cx,$((y + 76)) $cx,$((y + 66))") ;;
          Messages|WhatsApp) sd+=(-fill white -draw "ellipse $cx,$((y + 72)) 50,40 0,360" -draw "polygon $((cx - 34)),$((y + 96)) $((cx - 46)),$((y + 122)) $((cx - 12)),$((y + 106))") ;;
          Mail) sd+=(-fill white -draw "rectangle $((cx - 50)),$((y + 42)) $((cx + 50)),$((y + 110))" -fill none -stroke "${acol[$j]}" -strokewidth 5 -draw "polyline $((cx - 50)),$((y + 44)) $cx,$((y + 84)) $((cx + 50)),$((y + 44))" -stroke none) ;;
          Notes) sd+=(-fill white -draw "rectangle $((cx - 76)),$((y + 40)) $((cx + 76)),$((y + 152))" -fill '#c7c7cc' -draw "rectangle $((cx - 56)),$((y + 70)) $((cx + 56)),$((y + 73))" -draw "rectangle $((cx - 56)),$((y + 100)) $((cx + 56)),$((y + 103))" -draw "rectangle $((cx - 56)),$((y + 130)) $((cx + 56)),$((y + 133))") ;;
        esac
        sd+=(-fill "$fg" -font "$font" -pointsize 30 -annotate "+$((cx - ${#lab} * 9))+$((y + 196))" "$lab")
      done
      # Actions: a rounded group of rows, running on under the screen's edge.
      y=$((y + 250))
      sd+=(-fill "$grp" -draw "roundrectangle 36,$y $((SW - 36)),$((y + 3 * 128 + 300)) 28,28")
      for i in 0 1 2 3; do
        lab=$(echo 'Copy|Print|Save to Files|Add to Home Screen' | cut -d'|' -f$((i + 1)))
        sd+=(-fill "$fg" -font "$font" -pointsize 40 -annotate "+80+$((y + 80 + i * 128))" "$lab")
        sd+=(-fill none -stroke "$fg" -strokewidth 4 -draw "roundrectangle 1040,$((y + 36 + i * 128)) 1086,$((y + 92 + i * 128)) 8,8" -stroke none)
        ((i < 3)) && sd+=(-fill "$sep" -draw "rectangle 80,$((y + 127 + i * 128)) $((SW - 36)),$((y + 128 + i * 128))")
      done
      sd+=(-fill "$fg" -draw "roundrectangle $((SW / 2 - 70)),$((SH - 30)) $((SW / 2 + 70)),$((SH - 20)) 5,5")
      convert "$ss-screen.png" "${sd[@]}" "$f"
      rm -f "$ss"-* ;;
    pinchzoom)
      # A phone screenshot taken while the patient had pinched to zoom in on
      # the document (unseen97): the page open in the phone's Photos or Files
      # viewer at 150-200% of its fitted size (drawn from SEED and the
      # document), so only part of it is on the 1170x2532 screen, cut at the
      # left or the right and at the top or the bottom, the print larger
      # and a little soft (the viewer scales the stored image up: bilinear,
      # softened by about a pixel); the status bar at the top (the time,
      # signal, battery) and the viewer's thin scroll indicators at the
      # right and bottom edges showing where the view is. Where the view
      # falls is the patient's: every field a clinician needs is inside it.
      # The document says where those fields are (<meta
      # name="heldout-pinchzoom" content="X0 Y0 X1 Y1">, fractions of the
      # rendered page; without it its top left part); the zoom is lowered
      # (never below 140%) where the box would not fit, and the pan is drawn
      # from SEED and the document among the places that hold the whole box.
      # A page shorter than the zoomed view sits on the viewer's black ground.
      # A screenshot: PNG, no noise. Not harsh: the print is larger than on
      # the page, soft but plain.
      f=$docs/$n.pinchzoom.png
      local bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
      local SW=1170 SH=2532 SB=132 VH spec zs rx ry geo Ws Hs ox oy clock vy vl hx hl
      VH=$((SH - SB))
      spec=$(sed -n 's/.*name="heldout-pinchzoom" content="\([^"]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      spec=${spec:-0.04 0.04 0.6 0.6}
      zs=$((150 + $(pick "$n pinchzoom zoom" "$seed" 997) % 51))
      rx=$(( $(pick "$n pinchzoom x" "$seed" 997) % 101 )); ry=$(( $(pick "$n pinchzoom y" "$seed" 991) % 101 ))
      geo=$(python3 - "$W" "$H" "$SW" "$VH" "$zs" "$rx" "$ry" $spec <<'PY'
import sys
W, H, SW, VH, zs, rx, ry = (int(a) for a in sys.argv[1:8])
x0, y0, x1, y1 = (float(a) for a in sys.argv[8:12])
fit, z = SW / W, zs / 100
fw, fh = (x1 - x0) * W * fit, (y1 - y0) * H * fit
z = min(z, SW * 0.94 / fw, VH * 0.94 / fh)
if z < 1.4:
    print(f"heldout: pinchzoom: the fields' box needs {z:.2f}x; drawn at 1.40x", file=sys.stderr)
    z = 1.4
s = fit * z
Ws, Hs = round(W * s), round(H * s)
m = SW * 0.02
def pan(a0, a1, size, view, r):
    lo, hi = max(0, a1 * size - view + m), min(a0 * size - m, size - view)
    if lo > hi: lo = hi = max(0, min(size - view, (a0 + a1) / 2 * size - view / 2))
    return round(lo + (hi - lo) * r / 100)
ox = pan(x0, x1, Ws, SW, rx)
oy = pan(y0, y1, Hs, VH, ry) if Hs > VH else -round((VH - Hs) / 2)
print(Ws, Hs, ox, oy, round(z * 100))
PY
)
      read -r Ws Hs ox oy _ <<<"$geo"
      clock=$((7 + $(pick "$n pinchzoom hour" "$seed" 997) % 14)):$(printf %02d $(( $(pick "$n pinchzoom minute" "$seed" 997) % 60 )))
      # The scroll indicators: where the view is along the zoomed page.
      vl=$((VH * VH / (Hs > VH ? Hs : VH))); vy=$((SB + (oy > 0 ? oy : 0) * VH / (Hs > VH ? Hs : VH)))
      hl=$((SW * SW / Ws)); hx=$((ox * SW / Ws))
      convert "$base" -filter Triangle -resize "${Ws}x${Hs}!" +filter -blur 0x0.8 \
        -background black -extent "${SW}x${VH}$(printf '%+d%+d' "$ox" "$oy")" +repage "$docs/$n.pz-view.png"
      convert -size "${SW}x${SH}" xc:white "$docs/$n.pz-view.png" -geometry "+0+$SB" -compose over -composite \
        -fill white -draw "rectangle 0,0 $SW,$((SB - 1))" \
        -font "$bold" -pointsize 46 -fill '#111111' -annotate "+70+88" "$clock" \
        -draw "rectangle 930,78 938,90" -draw "rectangle 946,68 954,90" -draw "rectangle 962,58 970,90" -draw "rectangle 978,48 986,90" \
        -fill none -stroke '#111111' -strokewidth 3 -draw "roundrectangle 1020,50 1092,88 10,10" -stroke none -fill '#111111' -draw "rectangle 1026,56 1070,82" -draw "rectangle 1096,62 1101,76" \
        -fill 'rgba(60,60,60,0.45)' -draw "roundrectangle $((SW - 16)),$((vy + 6)) $((SW - 8)),$((vy + vl - 6)) 4,4" \
        -draw "roundrectangle $((hx + 6)),$((SH - 16)) $((hx + hl - 6)),$((SH - 8)) 4,4" "$f"
      rm -f "$docs/$n.pz-view.png" ;;
    watermark)
      # A document saved or shared as a copy, with a large semi-transparent
      # watermark lying diagonally across the page (unseen94), as pharmacy
      # systems, clinics' portals and PDF tools stamp the copies they hand
      # out: one word or two ("PATIENT COPY", "COPY", "DUPLICATE", "CUSTOMER
      # COPY", "NOT A PRESCRIPTION"; the page may name its own in
      # `<meta name="heldout-watermark" content="WORDS">`) in bold sans
      # capitals, laid along the page's diagonal from lower left to upper
      # right (turned 4 degrees either way from it), so long that it spans
      # about 78% of the diagonal; grey, red or blue at 15-25% opacity, over
      # the print without hiding it (dark print under it stays dark). The
      # words (when the page names none), the colour, the opacity and the
      # turn drawn from SEED and the document. Saved as the copy is: no
      # photo, JPEG 90. Not harsh: every field stays legible to a person.
      f=$docs/$n.watermark.jpg
      local words wcol wop ang tw ps diag
      words=$(sed -n 's/.*name="heldout-watermark" content="\([^"]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      if [[ -z $words ]]; then
        case $(pick "$n watermark words" "$seed" 5) in
          0) words="PATIENT COPY" ;; 1) words="COPY" ;; 2) words="DUPLICATE" ;; 3) words="CUSTOMER COPY" ;; *) words="NOT A PRESCRIPTION" ;;
        esac
      fi
      case $(pick "$n watermark colour" "$seed" 3) in 0) wcol='#6e6e6e' ;; 1) wcol='#c0392b' ;; *) wcol='#1f5fbf' ;; esac
      wop=$(awk -v p="$(pick "$n watermark opacity" "$seed" 11)" 'BEGIN{printf "%.2f", (15 + p) / 100}')
      ang=$(awk -v w="$W" -v h="$H" -v j="$(pick "$n watermark turn" "$seed" 81)" 'BEGIN{printf "%.1f", atan2(h, w) * 180 / 3.14159265 + (j - 40) / 10}')
      diag=$(awk -v w="$W" -v h="$H" 'BEGIN{printf "%d", sqrt(w * w + h * h)}')
      tw=$(convert -font DejaVu-Sans-Bold -pointsize 100 label:"$words" -format %w info:)
      ps=$(awk -v d="$diag" -v t="$tw" 'BEGIN{printf "%d", 100 * 0.78 * d / t}')
      # Not taller than a fifth of the page's shorter side: a short word on
      # a long page stays a band, not a block.
      ps=$(awk -v p="$ps" -v w="$W" -v h="$H" 'BEGIN{m = (w < h ? w : h) / 5 / 0.75; printf "%d", (p > m ? m : p)}')
      convert "$base" \( -background none -fill "$wcol" -font DejaVu-Sans-Bold -pointsize "$ps" label:"$words" \
          -channel A -evaluate multiply "$wop" +channel -rotate "-$ang" \) \
        -gravity center -compose over -composite +gravity -quality 90 "$f" ;;
    whitedesk)
      # A phone photo of the printed page lying on a white or very light
      # desk (a white laminate desk, a pale worktop, a light grey table)
      # under soft, even light from a ceiling panel or an overcast window
      # (unseen99): the page's edges barely stand out from the desk (the
      # desk at 91-96% of the paper's light, a faint cool or warm tint), a
      # faint soft shadow along one side only (the light a little off
      # overhead: 8-14% darker at its core, on the right, left, bottom or
      # top), the page turned 0.8-2.6 degrees either way and a little off
      # square (slight perspective), the light falling off very gently
      # (about 6% at the far corner), the desk's faint grain, noise, JPEG 85.
      # The desk's tone, the shadow's side and the turn drawn from SEED and
      # the document. Not harsh: the print is untouched, only the border
      # between page and desk is faint.
      f=$docs/$n.whitedesk.jpg
      local B W2 H2 desk ang sd dx dy sop sbl
      B=$(((W < H ? W : H) / 9)); W2=$((W + 2 * B)); H2=$((H + 2 * B))
      case $(pick "$n whitedesk desk" "$seed" 4) in
        0) desk='#f2f2ef' ;; 1) desk='#eeeff1' ;; 2) desk='#f4f1ea' ;; *) desk='#ebebe8' ;;
      esac
      ang=$(awk -v p="$(pick "$n whitedesk turn" "$seed" 19)" -v s="$(pick "$n whitedesk sign" "$seed" 2)" \
        'BEGIN{printf "%.1f", (8 + p) / 10 * (s ? 1 : -1)}')
      sd=$(((W < H ? W : H) / 110 + 4))
      case $(pick "$n whitedesk shadow" "$seed" 4) in
        0) dx=$sd dy=0 ;; 1) dx=-$sd dy=0 ;; 2) dx=0 dy=$sd ;; *) dx=0 dy=-$sd ;;
      esac
      sop=$((22 + $(pick "$n whitedesk depth" "$seed" 12)))
      sbl=$((sd / 2 + 2))
      local off
      off=$(printf '%+d%+d' "$dx" "$dy")
      # The shadow offset to one side only: drawn as the page's own shape,
      # blurred and moved, under the page.
      convert "$base" -background none -rotate "$ang" "$docs/$n.wd-page.png"
      convert "$docs/$n.wd-page.png" -alpha extract -background black -alpha shape \
        -channel A -evaluate multiply "0.$sop" +channel -blur "0x$sbl" "$docs/$n.wd-shadow.png"
      convert -size "${W2}x${H2}" xc:"$desk" \
        \( -size "${W2}x${H2}" xc:gray50 -seed "$seed" +noise Random -colorspace Gray -blur 0x2 -motion-blur 0x12+0 -auto-level +level 96%,100% \) \
        -compose multiply -composite \
        "$docs/$n.wd-shadow.png" -gravity center -geometry "$off" -compose over -composite \
        "$docs/$n.wd-page.png" -gravity center -geometry +0+0 -compose over -composite +gravity \
        -background "$desk" -virtual-pixel background \
        -distort Perspective "0,0 $((W2 / 90)),$((H2 / 110))  $W2,0 $((W2 - W2 / 120)),$((H2 / 160))  0,$H2 $((W2 / 150)),$((H2 - H2 / 100))  $W2,$H2 $((W2 - W2 / 85)),$((H2 - H2 / 130))" \
        \( -size "${W2}x${H2}" xc: -sparse-color Barycentric "0,0 #ffffff $W2,$H2 #f0f0f0" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.18 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.wd-page.png" "$docs/$n.wd-shadow.png" ;;
    thumbnail)
      # A chat's or a mail app's low-resolution preview saved instead of the
      # full image, then enlarged by the phone before the upload (unseen98),
      # as patients do who long-press the thumbnail in a thread ("Save
      # image") or screenshot a preview and crop it: the preview is the page
      # scaled down to 800-960 px on its long side (bilinear), chroma halved,
      # JPEG 60-72, metadata dropped; the phone's editor or the upload
      # picker then scales that up to 1500-1700 px on the long side
      # (bilinear, so the preview's 8x8 blocks are enlarged with it and the
      # print is soft) and saves it at JPEG 88. The preview's size and
      # quality and the enlarged size drawn from SEED and the document. No
      # other frame, no noise. Not harsh: every field stays legible to a
      # person, soft with slightly blocky edges.
      f=$docs/$n.thumbnail.jpg
      local tl tq el
      tl=$((800 + $(pick "$n thumbnail size" "$seed" 161)))
      tq=$((60 + $(pick "$n thumbnail quality" "$seed" 13)))
      el=$((1500 + $(pick "$n thumbnail enlarge" "$seed" 201)))
      convert "$base" -filter Triangle -resize "${tl}x${tl}" +filter \
        -sampling-factor 4:2:0 -strip -quality "$tq" "$docs/$n.thumb-small.jpg"
      convert "$docs/$n.thumb-small.jpg" -filter Triangle -resize "${el}x${el}" +filter \
        -sampling-factor 4:2:0 -strip -quality 88 "$f"
      rm -f "$docs/$n.thumb-small.jpg" ;;
    envelope)
      # A photo of a letter or printout partly still in its envelope, as
      # patients photograph what came in the post (unseen101): the page pulled
      # up so that its top part (the fraction of its height the document
      # names, <meta name="heldout-envelope" content="FRACTION">, where every
      # field a clinician needs lies; else 55-68% drawn from SEED and the
      # document) stands above the envelope's open edge, the rest hidden
      # inside it. The envelope a little wider than the page (white, manila or
      # kraft, its paper's grain as faint noise), the open back flap showing
      # beside the page, the page a little shaded just above the edge where it
      # goes into the envelope's mouth; on the front the address window (the
      # page's lower part seen through the glassine, blurred and pale) with a
      # printed "Private and confidential" (UK) or "Confidential" (US) line,
      # and in the top right corner a printed postage-paid mark or a stamp with
      # wavy cancellation lines (no date, no name); which colour, which mark,
      # the envelope's turn (up to 2 degrees) and the table drawn from SEED and
      # the document; then the envelope and page with their soft shadow on a
      # table: slight perspective, light falling off, noise, JPEG 85. Not
      # harsh: every field stays legible to a person above the envelope's edge.
      f=$docs/$n.envelope.jpg
      local spec vis Y0 MX EW EH OH FH G ecol flap wx wy ww wh ps mkt kind turn tab CW CH sx sy sw sh scol waves=() k wy0 pts x
      spec=$(sed -n 's/.*name="heldout-envelope" content="\([^"]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      vis=$(awk -v v="$spec" -v d="$(pick "$n envelope vis" "$seed" 14)" 'BEGIN{v += 0; if (v < 0.3 || v > 0.9) v = (55 + d) / 100; print v}')
      Y0=$(awk -v v="$vis" -v h="$H" 'BEGIN{printf "%d", v * h}')
      MX=$((W / 22)) EW=$((W + 2 * (W / 22))) EH=$((H - Y0 + H / 22))
      ((EH < EW * 2 / 5)) && EH=$((EW * 2 / 5))
      OH=$((Y0 + EH)) FH=$((EH * 11 / 20)) G=$((H / 45 + 4))
      ((FH > Y0)) && FH=$Y0
      case $(pick "$n envelope colour" "$seed" 3) in
        0) ecol='#f6f4ee' flap='#e6e3da' ;;
        1) ecol='#e6d3a3' flap='#d5c08e' ;;
        *) ecol='#cfae83' flap='#bd9b70' ;;
      esac
      mkt=${n%%-*} kind=$(pick "$n envelope mark" "$seed" 2)
      ps=$((EW / 60 + 4))
      # The page, shaded towards the envelope's mouth.
      convert "$base" \( -size "${W}x${H}" xc:white \( -size "${W}x${G}" gradient:white-'#c9c9c9' \) -geometry +0+$((Y0 - G)) -composite \) \
        -compose multiply -composite "$docs/$n.ev-page.png"
      # The window: what of the page lies behind it, through the glassine.
      wx=$((EW * 7 / 100)) wy=$((Y0 + EH * 30 / 100)) ww=$((EW * 42 / 100)) wh=$((EH * 28 / 100))
      convert -size "${EW}x${OH}" xc:white "$base" -geometry +$MX+0 -composite \
        -crop "${ww}x${wh}+${wx}+${wy}" +repage -blur 0x1.6 +level 45%,100% -fill '#e4ecef' -colorize 10% \
        -bordercolor '#b9b8b0' -border 2 "$docs/$n.ev-win.png"
      # The postage: a printed mark, or a stamp and its cancellation.
      sw=$((EW * 11 / 100)) sh=$((EW * 13 / 100)) sx=$((EW - EW * 4 / 100 - EW * 11 / 100)) sy=$((EH * 8 / 100))
      local mark=()
      if ((kind == 0)); then
        if [[ $mkt == uk ]]; then
          mark=(-stroke '#222222' -strokewidth 3 -fill none -draw "rectangle $((EW - EW / 25 - ps * 11)),$sy $((EW - EW / 25)),$((sy + ps * 4))" -stroke none -fill '#222222'
                -font DejaVu-Sans-Bold -pointsize "$ps" -annotate "+$((EW - EW / 25 - ps * 11 + ps / 2))+$((sy + ps * 3 / 2))" 'Postage Paid GB'
                -font DejaVu-Sans -annotate "+$((EW - EW / 25 - ps * 11 + ps / 2))+$((sy + ps * 3))" 'HQ 99999')
        else
          mark=(-stroke '#222222' -strokewidth 3 -fill none -draw "rectangle $((EW - EW / 25 - ps * 11)),$sy $((EW - EW / 25)),$((sy + ps * 7))" -stroke none -fill '#222222'
                -font DejaVu-Sans-Bold -pointsize "$ps" -annotate "+$((EW - EW / 25 - ps * 11 + ps / 2))+$((sy + ps * 3 / 2))" 'PRESORTED'
                -font DejaVu-Sans -annotate "+$((EW - EW / 25 - ps * 11 + ps / 2))+$((sy + ps * 3))" 'FIRST-CLASS MAIL'
                -annotate "+$((EW - EW / 25 - ps * 11 + ps / 2))+$((sy + ps * 9 / 2))" 'U.S. POSTAGE PAID'
                -annotate "+$((EW - EW / 25 - ps * 11 + ps / 2))+$((sy + ps * 6))" 'PERMIT NO. 999')
        fi
      else
        case $(pick "$n envelope stamp" "$seed" 3) in 0) scol='#b3262a' ;; 1) scol='#2a4f9e' ;; *) scol='#2f7d4a' ;; esac
        mark=(-fill "$scol" -draw "rectangle $sx,$sy $((sx + sw)),$((sy + sh))" -fill '#f4f1e8'
              -draw "rectangle $((sx + sw / 12)),$((sy + sw / 12)) $((sx + sw - sw / 12)),$((sy + sh - sw / 12))" -fill "$scol"
              -draw "rectangle $((sx + sw / 7)),$((sy + sw / 7)) $((sx + sw - sw / 7)),$((sy + sh - sw / 7))" -fill '#f4f1e8'
              -draw "circle $((sx + sw / 2)),$((sy + sh * 2 / 5)) $((sx + sw / 2 + sw / 5)),$((sy + sh * 2 / 5))"
              -font DejaVu-Sans-Bold -pointsize "$((ps * 4 / 5))" -annotate "+$((sx + sw / 5))+$((sy + sh - sw / 4))" "$([[ $mkt == uk ]] && echo '2nd' || echo 'USA')")
        # The perforations: small discs of the envelope's colour along the edges.
        mark+=(-fill "$ecol")
        for ((x = sx; x <= sx + sw; x += sw / 10)); do mark+=(-draw "circle $x,$sy $((x + sw / 40)),$sy" -draw "circle $x,$((sy + sh)) $((x + sw / 40)),$((sy + sh))"); done
        for ((x = sy; x <= sy + sh; x += sw / 10)); do mark+=(-draw "circle $sx,$x $((sx + sw / 40)),$x" -draw "circle $((sx + sw)),$x $((sx + sw + sw / 40)),$x"); done
        for ((k = 0; k < 4; k++)); do
          wy0=$((sy + sh / 5 + k * sh / 6))
          pts=$(awk -v x0=$((sx - sw * 3 / 2)) -v x1=$((sx + sw * 3 / 4)) -v y=$wy0 -v a=$((sh / 22 + 2)) -v p=$((sw / 3)) \
            'BEGIN{for (x = x0; x <= x1; x += 6) printf "%d,%d ", x, y + a * sin((x - x0) * 6.2832 / p)}')
          mark+=(-fill none -stroke '#3a3a3a' -strokewidth 3 -draw "polyline $pts" -stroke none)
        done
      fi
      # The front: paper, window, the confidential line, postage, its edges.
      convert -size "${EW}x${EH}" xc:"$ecol" -seed "$seed" -attenuate 0.12 +noise Gaussian \
        "$docs/$n.ev-win.png" -geometry +$wx+$((wy - Y0)) -composite \
        -fill '#333333' -font DejaVu-Sans -pointsize "$ps" -annotate "+$wx+$((wy - Y0 - ps))" "$([[ $mkt == uk ]] && echo 'Private and confidential' || echo 'Confidential')" \
        "${mark[@]}" \
        -fill none -stroke '#ffffff' -strokewidth 2 -draw "line 0,1 $EW,1" -stroke '#9a9486' -strokewidth 1 -draw "rectangle 0,0 $((EW - 1)),$((EH - 1))" \
        "$docs/$n.ev-front.png"
      # The envelope with the page in it: the flap behind, the page, the front.
      convert -size "${EW}x${OH}" xc:none -fill "$flap" -stroke '#8f8a7c' -strokewidth 1 \
        -draw "polygon 0,$Y0 $EW,$Y0 $((EW / 2)),$((Y0 - FH))" \
        "$docs/$n.ev-page.png" -geometry +$MX+0 -composite \
        \( -size "${W}x$((G / 2 + 2))" gradient:none-'#00000055' \) -geometry +$MX+$((Y0 - G / 2 - 2)) -composite \
        "$docs/$n.ev-front.png" -geometry +0+$Y0 -composite "$docs/$n.ev-obj.png"
      turn=$(awk "BEGIN{print ($(pick "$n envelope turn" "$seed" 41) - 20) / 10}")
      case $(pick "$n envelope table" "$seed" 3) in 0) tab='#8b6b4a' ;; 1) tab='#9c9a94' ;; *) tab='#5f4b3c' ;; esac
      CW=$((EW + EW / 7)) CH=$((OH + EW / 7))
      convert -size "${CW}x${CH}" xc:"$tab" -seed "$seed" -attenuate 0.5 +noise Gaussian -blur 0x0.8 \
        \( "$docs/$n.ev-obj.png" -background none -rotate "$turn" \( +clone -background black -shadow 50x7+6+8 \) +swap -background none -layers merge +repage \) \
        -gravity center -compose over -composite +gravity \
        -background "$tab" -virtual-pixel background \
        -distort Perspective "0,0 $((CW / 45)),$((CH / 55))  $CW,0 $((CW - CW / 60)),$((CH / 80))  0,$CH $((CW / 80)),$((CH - CH / 45))  $CW,$CH $((CW - CW / 40)),$((CH - CH / 60))" \
        \( -size "${CW}x${CH}" xc: -sparse-color Barycentric "0,0 #ffffff $CW,$CH #b9b4ab" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n".ev-* ;;
    collage)
      # A phone collage app's 2 x 2 grid of four photos of the same document
      # (unseen102), as patients send a page too large or too dense for one
      # photo: the patient photographed it in four parts (top left, top
      # right, bottom left, bottom right, each overlapping its neighbours by
      # 8% of the page either side of the split), each from a slightly
      # different angle and light, and the app laid them in a grid with white
      # gutters. Each tile: the part cut with a margin of the table round the
      # page, a slight perspective of its own (the keystone drawn in that
      # margin), turned by 0.4-2.2 degrees either way and cut back to the
      # part's size (so no blank corners), light falling off from one side,
      # its exposure 86-112%, noise and a little softness; the turns, keystones, light and exposures drawn from SEED,
      # the document and the tile. The split lies at the page's middle or
      # where the document says (<meta name="heldout-collage" content="XS
      # YS">, fractions of the page), so that every field a case measures
      # lies whole in at least one tile. Gutters and border 18 px, white; the
      # whole at most 2400 px on its long side, JPEG 85. Not harsh: every
      # field is legible to a person in one tile.
      f=$docs/$n.collage.jpg
      local spec xs ys X1 X2 Y1 Y2 G=18 P i tx ty tw th ang ex k1 k2 dir tile tiles=()
      spec=$(sed -n 's/.*name="heldout-collage" content="\([^"]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      read -r xs ys <<<"${spec:-0.5 0.5}"
      read -r X1 X2 Y1 Y2 <<<"$(awk -v w="$W" -v h="$H" -v xs="$xs" -v ys="$ys" 'BEGIN{printf "%d %d %d %d", (xs + 0.08) * w, (xs - 0.08) * w, (ys + 0.08) * h, (ys - 0.08) * h}')"
      P=$(( (W > H ? W : H) / 12 ))
      for i in 0 1 2 3; do
        case $i in
          0) tx=0 ty=0 tw=$X1 th=$Y1 ;;
          1) tx=$X2 ty=0 tw=$((W - X2)) th=$Y1 ;;
          2) tx=0 ty=$Y2 tw=$X1 th=$((H - Y2)) ;;
          3) tx=$X2 ty=$Y2 tw=$((W - X2)) th=$((H - Y2)) ;;
        esac
        ang=$(awk -v p="$(pick "$n collage turn $i" "$seed" 37)" 'BEGIN{a = 0.4 + (p % 19) / 10; printf "%.1f", (p < 19 ? -a : a)}')
        ex=$(awk -v p="$(pick "$n collage exposure $i" "$seed" 27)" 'BEGIN{printf "%.2f", 0.86 + p / 100}')
        k1=$(( tw / (45 + $(pick "$n collage key1 $i" "$seed" 40)) )); k2=$(( th / (50 + $(pick "$n collage key2 $i" "$seed" 40)) ))
        case $(pick "$n collage light $i" "$seed" 4) in
          0) dir="0,0 #ffffff $tw,0 #b4b4b4" ;; 1) dir="0,0 #b4b4b4 $tw,0 #ffffff" ;;
          2) dir="0,0 #ffffff 0,$th #b4b4b4" ;; *) dir="0,0 #b4b4b4 0,$th #ffffff" ;;
        esac
        tile=$docs/$n.collage-$i.png
        convert "$base" -bordercolor '#7b6a58' -border "$P" \
          -crop "$((tw + 2 * P))x$((th + 2 * P))+$tx+$ty" +repage \
          -virtual-pixel edge -distort Perspective "0,0 $k1,$k2  $((tw + 2 * P)),0 $((tw + 2 * P - k2)),0  0,$((th + 2 * P)) 0,$((th + 2 * P - k1))  $((tw + 2 * P)),$((th + 2 * P)) $((tw + 2 * P - k1)),$((th + 2 * P - k2))" \
          -background '#7b6a58' -rotate "$ang" +repage -gravity center -crop "${tw}x${th}+0+0" +repage +gravity \
          \( -size "${tw}x${th}" xc: -sparse-color Barycentric "$dir" \) -compose multiply -composite \
          -evaluate multiply "$ex" -blur 0x0.5 -seed "$((seed + i))" -attenuate 0.22 +noise Gaussian "$tile"
        tiles+=("$tile")
      done
      convert \( "${tiles[0]}" -size "${G}x$Y1" xc:white "${tiles[1]}" +append \) \
        \( -size "$((X1 + G + W - X2))x$G" xc:white \) \
        \( "${tiles[2]}" -size "${G}x$((H - Y2))" xc:white "${tiles[3]}" +append \) -append \
        -bordercolor white -border "$G" -resize '2400x2400>' -quality 85 "$f"
      rm -f "${tiles[@]}" ;;
    squarepad)
      # An image reframed to a square by a social or messaging app before it
      # was sent on (unseen103): a status, a story or a post that will not
      # crop a photo pads it instead. The photo of the page (slight
      # perspective, light falling off, noise; a screenshot as it is where
      # the page says <meta name="heldout-squarepad" content="screen">) sits
      # in the middle of the square at its full long side (full height for
      # an upright page, full width for a landscape one); the two sides left
      # over are filled with a copy of the same image enlarged to cover the
      # square (a further 110-140%), blurred strongly (sigma about 1/70 of
      # the square) and darkened to 74-90%, as these apps fill them. The
      # square scaled to 1080x1080 (or kept, where smaller), chroma halved,
      # JPEG 82. The zoom, the darkening and a small shift of the blurred
      # copy drawn from SEED and the document. Not harsh: the middle copy is
      # the image itself, sharp; every field on it legible.
      f=$docs/$n.squarepad.jpg
      local kind zoom dark sx sy sw sh L small
      kind=$(sed -n 's/.*name="heldout-squarepad" content="\([^"]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      if [[ $kind == screen ]]; then
        cp "$base" "$docs/$n.sp-src.png"
      else
        convert "$base" -background '#8b857c' -virtual-pixel background \
          -distort Perspective "0,0 $((W / 50)),$((H / 45))  $W,0 $((W - W / 60)),$((H / 80))  0,$H $((W / 70)),$((H - H / 40))  $W,$H $((W - W / 35)),$((H - H / 50))" \
          \( -size "${W}x${H}" xc: -sparse-color Barycentric "0,0 #ffffff $W,$H #c4c4c4" \) -compose multiply -composite \
          -seed "$seed" -attenuate 0.25 +noise Gaussian "$docs/$n.sp-src.png"
      fi
      sw=$(identify -format %w "$docs/$n.sp-src.png"); sh=$(identify -format %h "$docs/$n.sp-src.png")
      L=$((sw > sh ? sw : sh))
      zoom=$((110 + $(pick "$n squarepad zoom" "$seed" 31)))
      dark=$((74 + $(pick "$n squarepad dark" "$seed" 17)))
      sx=$(( $(pick "$n squarepad x" "$seed" 21) - 10 )); sy=$(( $(pick "$n squarepad y" "$seed" 21) - 10 ))
      # The blur drawn small and scaled up: the same soft fill, in a second
      # instead of a minute on a 3000 px square.
      small=270
      convert "$docs/$n.sp-src.png" -resize "$((small * zoom / 100))x$((small * zoom / 100))^" \
        -gravity center -extent "${small}x${small}$(printf '%+d%+d' "$sx" "$sy")" +repage \
        -blur 0x4 -modulate "$dark" -resize "${L}x${L}!" \
        "$docs/$n.sp-src.png" -gravity center -compose over -composite +gravity \
        -resize '1080x1080>' -sampling-factor 4:2:0 -quality 82 "$f"
      rm -f "$docs/$n.sp-src.png" ;;
    pdfviewer)
      # A desktop screenshot of the document open in a PDF viewer, as members
      # do who open a plan's or an insurer's letter from its website and send
      # a screenshot of it (unseen100): a 2x display (3456x2234, a 16-inch
      # laptop), the menu bar (the app's menus and the time, no date), the
      # window's title bar with its three buttons and the file name (the
      # page's <meta name="heldout-filename" content="NAME.pdf">, else
      # NAME.pdf), the viewer's toolbar (sidebar button, file name, page
      # "1 / 1", zoom "- 100% +", rotate, search, download, more), a sidebar of page
      # thumbnails on the left (the page drawn 260 px wide, framed as the
      # selected page, its number below), and the page itself on the viewer's
      # grey at 100% (the page image as the screen draws it at 2x, on a white
      # Letter or A4 sheet with its soft shadow, the sheet's blank foot running
      # on below the window as at 100%), less only where the print itself
      # would not fit the window's height (the zoom shown is the zoom drawn);
      # a scroll bar at the right. The viewer's look (a browser's dark PDF viewer or a
      # light desktop viewer) and the time drawn from SEED and the document.
      # PNG (JPEG 92 only were the PNG over 3.9 MB). Not harsh: the page is at
      # its own size, every field legible.
      f=$docs/$n.pdfviewer.png
      local font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
      local pv=$docs/$n.pv SW=3456 SH=2234 MB=50 TB=110 TL=198 SBW=420 fname app sheetW sheetH avW avH sc zoom PW PH PX PY TW TH tbar tfg mbg side thumbsel ttext hh mm
      fname=$(sed -n 's/.*name="heldout-filename" content="\([^"]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      fname=${fname:-$n.pdf}
      # The sheet: the page image with a white margin, as tall as a Letter
      # (US) or A4 (UK) page of its width, the print at its top; a sheet
      # taller than the window runs on below its bottom edge, as at 100%.
      local ratio=1.294
      [[ $n == uk-* ]] && ratio=1.414
      convert "$base" -bordercolor white -border 24 "$pv-sheet.png"
      sheetW=$(identify -format %w "$pv-sheet.png"); sheetH=$(identify -format %h "$pv-sheet.png")
      avW=$((SW - SBW - 24 - 120)) avH=$((SH - TL - 80))
      convert "$pv-sheet.png" -background white -gravity north -extent "${sheetW}x$(awk -v w="$sheetW" -v h="$sheetH" -v r="$ratio" 'BEGIN{x = int(w * r); printf "%d", (x > h ? x : h)}')" +gravity "$pv-sheet.png"
      sc=$(awk -v w="$sheetW" -v h="$sheetH" -v aw="$avW" -v ah="$avH" 'BEGIN{s = 1; if (aw / w < s) s = aw / w; if (ah / h < s) s = ah / h; printf "%.4f", s}')
      zoom=$(awk -v s="$sc" 'BEGIN{printf "%d", s * 100 + 0.5}')
      convert "$pv-sheet.png" -resize "$(awk -v s="$sc" 'BEGIN{printf "%.2f", s * 100}')%" "$pv-page.png"
      PW=$(identify -format %w "$pv-page.png"); PH=$(identify -format %h "$pv-page.png")
      PX=$((SBW + (SW - SBW - 24 - PW) / 2)) PY=$((TL + 40))
      convert "$pv-sheet.png" -resize 260x "$pv-thumb.png"
      TW=$(identify -format %w "$pv-thumb.png"); TH=$(identify -format %h "$pv-thumb.png")
      hh=$((8 + $(pick "$n pdfviewer hour" "$seed" 11))) mm=$(pick "$n pdfviewer minute" "$seed" 60)
      if (($(pick "$n pdfviewer skin" "$seed" 2) == 0)); then
        # A browser's built-in PDF viewer: dark toolbar, dark grey ground.
        app=Chrome tbar='#323639' tfg='#f1f1f1' mbg='#525659' side='#3b3e42' thumbsel='#8ab4f8' ttext='#e8eaed'
      else
        # A desktop viewer: light unified title bar and toolbar, light sidebar.
        app=Preview tbar='#ebebeb' tfg='#2b2b2b' mbg='#9a9a9a' side='#f2f2f2' thumbsel='#0a84ff' ttext='#2b2b2b'
      fi
      convert -size "${SW}x${SH}" xc:"$mbg" \
        -fill '#eeeeee' -draw "rectangle 0,0 $SW,$((MB - 1))" \
        -font "$bold" -pointsize 26 -fill '#111111' -annotate +40+35 "$app" \
        -font "$font" -annotate +200+35 'File     Edit     View     Go     Tools     Window     Help' \
        -annotate "+$((SW - 140))+35" "$(printf '%02d:%02d' "$hh" "$mm")" \
        -fill "$tbar" -draw "rectangle 0,$MB $SW,$((TL - 1))" \
        -fill '#ff5f57' -draw "circle 40,$((MB + 30)) 52,$((MB + 30))" -fill '#febc2e' -draw "circle 80,$((MB + 30)) 92,$((MB + 30))" -fill '#28c840' -draw "circle 120,$((MB + 30)) 132,$((MB + 30))" \
        -fill "$tfg" -font "$bold" -pointsize 26 -gravity north -annotate "+0+$((MB + 14))" "$fname" +gravity \
        -fill "$(convert xc:"$tbar" -fill black -colorize 12% -format '#%[hex:p{0,0}]' info:)" -draw "rectangle 0,$((TB - 1)) $SW,$((TB))" \
        -fill "$tfg" -font "$font" -pointsize 34 -annotate "+36+$((TB + 56))" '☰' \
        -pointsize 27 -annotate "+110+$((TB + 54))" "$fname" \
        -draw "roundrectangle $((SW / 2 - 330)),$((TB + 20)) $((SW / 2 - 250)),$((TB + 68)) 6,6" \
        -fill "$tbar" -draw "roundrectangle $((SW / 2 - 328)),$((TB + 22)) $((SW / 2 - 252)),$((TB + 66)) 5,5" \
        -fill "$tfg" -annotate "+$((SW / 2 - 300))+$((TB + 54))" '1' -annotate "+$((SW / 2 - 236))+$((TB + 54))" '/  1' \
        -draw "rectangle $((SW / 2 - 150)),$((TB + 26)) $((SW / 2 - 148)),$((TB + 62))" \
        -pointsize 34 -annotate "+$((SW / 2 - 110))+$((TB + 56))" '−' -pointsize 27 -annotate "+$((SW / 2 - 50))+$((TB + 54))" "${zoom}%" \
        -pointsize 34 -annotate "+$((SW / 2 + 70))+$((TB + 56))" '+' \
        -draw "rectangle $((SW / 2 + 130)),$((TB + 26)) $((SW / 2 + 132)),$((TB + 62))" \
        -annotate "+$((SW / 2 + 170))+$((TB + 57))" '⟲' \
        -pointsize 30 -annotate "+$((SW - 250))+$((TB + 56))" '↓' -annotate "+$((SW - 130))+$((TB + 56))" '⋮' \
        -fill none -stroke "$tfg" -strokewidth 3 -draw "circle $((SW - 420)),$((TB + 40)) $((SW - 408)),$((TB + 40))" -draw "line $((SW - 411)),$((TB + 49)) $((SW - 400)),$((TB + 60))" -stroke none \
        -fill "$side" -draw "rectangle 0,$TL $((SBW - 1)),$SH" \
        -fill "$thumbsel" -draw "roundrectangle $(((SBW - TW) / 2 - 8)),$((TL + 32)) $(((SBW + TW) / 2 + 7)),$((TL + 47 + TH)) 6,6" \
        \( "$pv-thumb.png" \) -geometry "+$(((SBW - TW) / 2))+$((TL + 40))" -compose over -composite \
        -fill "$ttext" -font "$font" -pointsize 24 -annotate "+$((SBW / 2 - 7))+$((TL + 90 + TH))" '1' \
        \( "$pv-page.png" \( +clone -background black -shadow 50x14+0+6 \) +swap -background none -layers merge +repage \) \
        -geometry "+$((PX - 28))+$((PY - 20))" -compose over -composite \
        -fill "$(convert xc:"$mbg" -fill white -colorize 35% -format '#%[hex:p{0,0}]' info:)" -draw "roundrectangle $((SW - 18)),$((TL + 8)) $((SW - 8)),$((TL + 8 + (SH - TL) * 92 / 100)) 5,5" \
        "$f"
      rm -f "$pv-sheet.png" "$pv-page.png" "$pv-thumb.png"
      if (($(stat -c %s "$f") >= 3900000)); then
        convert "$f" -quality 92 "${f%.png}.jpg" && rm -f "$f" && f=${f%.png}.jpg
      fi ;;
    overexposed)
      # A phone photo overexposed by a bright window or lamp (unseen107), as
      # patients photograph a label, a receipt or a letter on a sill or
      # under a strong desk lamp and let the phone meter on the dark table:
      # the paper glares white (the whites clipped), the print pale (black
      # lifted to 28-36% grey) and its thin strokes faint (softened by about
      # a pixel before the lift, so hairlines and small type go lighter than
      # bold), and the highlights blown at one side: towards the window's
      # side (left, right, top or bottom) a glare ramp over 35-50% of the
      # page screens everything a further 26-36% towards white at the very
      # edge (the print there about 55-60% grey, pale but legible), fading
      # smoothly to nothing; the colours washed out. The page on a pale
      # table (also blown), slight perspective, a little noise, JPEG 85.
      # The side, the lift, the glare's strength and width drawn from SEED
      # and the document. Not harsh: every field stays legible to a person,
      # pale but whole.
      f=$docs/$n.overexposed.jpg
      local B W2 H2 lift blow pct rw rh side
      B=$(((W < H ? W : H) / 14)); W2=$((W + 2 * B)); H2=$((H + 2 * B))
      lift=$((28 + $(pick "$n overexposed lift" "$seed" 9)))
      blow=$((26 + $(pick "$n overexposed blow" "$seed" 11)))
      pct=$((35 + $(pick "$n overexposed width" "$seed" 16)))
      rw=$((W2 * pct / 100)); rh=$((H2 * pct / 100))
      side=$(pick "$n overexposed side" "$seed" 4)
      # The glare ramp, white at its edge of the frame, its falloff eased
      # (squared) so the blown part is a band, then scaled to its strength.
      case $side in
        0) convert -size "${H2}x${rw}" gradient:white-black -rotate -90 -background black -gravity west -extent "${W2}x${H2}" +gravity "$docs/$n.oe-ramp.png" ;;
        1) convert -size "${H2}x${rw}" gradient:white-black -rotate 90 -background black -gravity east -extent "${W2}x${H2}" +gravity "$docs/$n.oe-ramp.png" ;;
        2) convert -size "${W2}x${rh}" gradient:white-black -background black -gravity north -extent "${W2}x${H2}" +gravity "$docs/$n.oe-ramp.png" ;;
        *) convert -size "${W2}x${rh}" gradient:white-black -flip -background black -gravity south -extent "${W2}x${H2}" +gravity "$docs/$n.oe-ramp.png" ;;
      esac
      convert "$docs/$n.oe-ramp.png" -colorspace Gray -evaluate pow 2 -evaluate multiply "0.$blow" "$docs/$n.oe-ramp.png"
      convert "$base" -bordercolor '#d9d4c8' -border "$B" \
        -blur 0x0.9 +level "${lift}%,100%" -level 0%,92% \
        "$docs/$n.oe-ramp.png" -compose screen -composite \
        -modulate 104,72 \
        -background '#c9c4b8' -virtual-pixel background \
        -distort Perspective "0,0 $((W2 / 60)),$((H2 / 70))  $W2,0 $((W2 - W2 / 75)),$((H2 / 120))  0,$H2 $((W2 / 110)),$((H2 - H2 / 80))  $W2,$H2 $((W2 - W2 / 70)),$((H2 - H2 / 60))" \
        -seed "$seed" -attenuate 0.15 +noise Gaussian -quality 85 "$f"
      rm -f "$docs/$n.oe-ramp.png" ;;
    handcrop)
      # A screenshot or a phone photo the patient cropped by hand in the
      # phone's photo editor around what they thought mattered, then sent
      # (unseen105): a tight, slightly uneven crop (each side its own margin)
      # that cuts the lines just outside it, sliced through mid-height at the
      # top or the bottom and mid-word at the sides; no status bar, nothing of
      # the table or the screen's edge. The page names the part the patient
      # kept, <meta name="heldout-handcrop" content="TOP BOTTOM LEFT RIGHT
      # [screen]"> (fractions of the page's height and width, every field a
      # clinician needs inside; else 0.08 0.92 0.04 0.96); "screen" keeps the
      # page's own pixels (a screenshot, saved as PNG), otherwise the page is
      # first photographed nearly flat (slight perspective, light falling
      # off, noise) and the kept part found through the same perspective.
      # Each edge then moves outward only, never into the kept part: by up to
      # 1.2% of the page (drawn from SEED, the document and the side), and a
      # top or bottom edge that falls in blank space moves on outward to the
      # nearest line of print within 5% of the page's height and cuts it at
      # 35-65% of its height (lines measured on the page as rows of edges,
      # bands at least 4 px high, gaps of 3 rows or less closed). Photos JPEG 88. Not harsh: every field
      # stays whole and legible inside the crop.
      local hspec hsrc=$docs/$n.hc-src.png hclean=$docs/$n.hc-clean.png hscreen=0 hbox
      hspec=$(sed -n 's/.*name="heldout-handcrop" content="\([^"]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      hspec=${hspec:-0.08 0.92 0.04 0.96}
      [[ $hspec == *screen* ]] && hscreen=1
      local hq=() hk
      for hk in 0 1 2 3 4 5 6 7; do hq+=("$(pick "$n handcrop corner $hk" "$seed" $((W / 70 + 1)))"); done
      if ((hscreen)); then
        cp "$base" "$hclean"
      else
        # The light from one corner (drawn from SEED and the document), the
        # opposite corner about a fifth darker.
        local hlight
        case $(pick "$n handcrop light" "$seed" 4) in
          0) hlight="0,0 #ffffff $W,$H #cfcac2" ;;
          1) hlight="$W,0 #ffffff 0,$H #cfcac2" ;;
          2) hlight="0,$H #ffffff $W,0 #cfcac2" ;;
          *) hlight="$W,$H #ffffff 0,0 #cfcac2" ;;
        esac
        # The page photographed nearly flat: each corner pulled in by up to
        # 1/70 of the width, light falling off from one side.
        convert "$base" -background '#8c8478' -virtual-pixel background \
          -distort Perspective "0,0 ${hq[0]},${hq[1]}  $W,0 $((W - hq[2])),${hq[3]}  0,$H ${hq[4]},$((H - hq[5]))  $W,$H $((W - hq[6])),$((H - hq[7]))" \
          \( -size "${W}x${H}" xc: -sparse-color Barycentric "$hlight" \) -compose multiply -composite \
          -blur 0x0.5 "$hclean"
      fi
      # The rows of print: the edge energy of each row.
      convert "$hclean" -colorspace Gray -morphology Edge Diamond:1 -scale "1x${H}!" -depth 16 txt:- \
        | awk -F'[(,)]' 'NR > 1 {print $3}' >"$docs/$n.hc-rows.txt"
      hbox=$(python3 - "$docs/$n.hc-rows.txt" "$W" "$H" "$hspec" "$hscreen" \
        "$(pick "$n handcrop t" "$seed" 1000)" "$(pick "$n handcrop b" "$seed" 1000)" \
        "$(pick "$n handcrop l" "$seed" 1000)" "$(pick "$n handcrop r" "$seed" 1000)" \
        "$(pick "$n handcrop cut t" "$seed" 1000)" "$(pick "$n handcrop cut b" "$seed" 1000)" "${hq[@]}" <<'PYEOF'
import sys
rows = [float(x) for x in open(sys.argv[1]) if x.strip()]
W, H = int(sys.argv[2]), int(sys.argv[3])
spec = sys.argv[4].split()
T, B, L, R = (float(x) for x in spec[:4])
screen = sys.argv[5] == "1"
jt, jb, jl, jr, ct, cb = (int(x) / 1000 for x in sys.argv[6:12])
q = [int(x) for x in sys.argv[12:20]]
src = [(0, 0), (W, 0), (0, H), (W, H)]
dst = [(q[0], q[1]), (W - q[2], q[3]), (q[4], H - q[5]), (W - q[6], H - q[7])]
if screen:
    dst = src
def homography(s, d):
    A, b = [], []
    for (x, y), (u, v) in zip(s, d):
        A.append([x, y, 1, 0, 0, 0, -u * x, -u * y]); b.append(u)
        A.append([0, 0, 0, x, y, 1, -v * x, -v * y]); b.append(v)
    n = 8
    M = [A[i] + [b[i]] for i in range(n)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(M[r][c]))
        M[c], M[p] = M[p], M[c]
        for r in range(n):
            if r != c:
                f = M[r][c] / M[c][c]
                M[r] = [a - f * e for a, e in zip(M[r], M[c])]
    return [M[i][n] / M[i][i] for i in range(n)] + [1]
h = homography(src, dst)
def mp(x, y):
    w = h[6] * x + h[7] * y + h[8]
    return (h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w
# The kept part through the perspective (its outer box), then each side
# outward by up to 1.2% of the page.
pts = [mp(L * W, T * H), mp(R * W, T * H), mp(L * W, B * H), mp(R * W, B * H)]
x0 = min(p[0] for p in pts) - jl * 0.012 * W
x1 = max(p[0] for p in pts) + jr * 0.012 * W
y0 = min(p[1] for p in pts) - jt * 0.012 * H
y1 = max(p[1] for p in pts) + jb * 0.012 * H
# Never past the paper: inside the photographed page's own edges.
ix0, ix1 = max(dst[0][0], dst[2][0]) + 2, min(dst[1][0], dst[3][0]) - 2
iy0, iy1 = max(dst[0][1], dst[1][1]) + 2, min(dst[2][1], dst[3][1]) - 2
top = sorted(rows)[int(len(rows) * 0.95)] if rows else 0
# A row holds print when its edges pass 3% of a full line's (short lines,
# a date alone, count); gaps of 3 rows or less inside a line are closed.
ink = [v > 0.03 * top and v > 0 for v in rows]
def bands():
    out, i = [], 0
    while i < len(ink):
        if ink[i]:
            j = i
            while j < len(ink) and (ink[j] or any(ink[j:j + 4])): j += 1
            if j - i >= 4: out.append((i, j))
            i = j
        else:
            i += 1
    return out
bs = bands()
reach = 0.05 * H
def inside(y):
    return any(a <= y < b for a, b in bs)
if not inside(y0):
    above = [(a, b) for a, b in bs if b <= y0 and y0 - b <= reach]
    if above:
        a, b = max(above)
        y0 = a + (b - a) * (0.35 + 0.30 * ct)
if not inside(y1):
    below = [(a, b) for a, b in bs if a >= y1 and a - y1 <= reach]
    if below:
        a, b = min(below)
        y1 = a + (b - a) * (0.35 + 0.30 * cb)
x0, x1 = max(x0, ix0, 0), min(x1, ix1, W)
y0, y1 = max(y0, iy0, 0), min(y1, iy1, H)
print(f"{int(x1 - x0)}x{int(y1 - y0)}+{int(x0)}+{int(y0)}")
PYEOF
)
      if ((hscreen)); then
        f=$docs/$n.handcrop.png
        convert "$hclean" -crop "$hbox" +repage "$f"
      else
        f=$docs/$n.handcrop.jpg
        convert "$hclean" -seed "$seed" -attenuate 0.25 +noise Gaussian -crop "$hbox" +repage -strip -quality 88 "$f"
      fi
      rm -f "$hclean" "$hsrc" "$docs/$n.hc-rows.txt" ;;
    flatbedsmall)
      # A small paper (a bag label peeled off, a label cut from a box, a
      # till receipt, a card, a compliment slip) scanned on a full A4 or
      # Letter flatbed page, as home and office scanners do when "auto size"
      # is off (unseen166): the piece at its real size (the page screenshot
      # is at about 192 dpi) scanned at 200, 250 or 300 dpi, turned 0.8-3.8
      # degrees either way, with a faint soft shadow at its edge, lying near
      # one of the bed's four corners (10-40 mm in from the edges) or
      # mid-page, on a white page of the market's size (A4 for `uk-`
      # documents, US Letter otherwise); the rest of the page empty but for
      # a little dust (30-90 specks) and the scanner's faint grey edge line
      # along one side; the piece a little soft, with light noise. Saved as
      # a one-page image PDF (the page as large as the bed at the scan's
      # dpi), a JPEG 90 or a PNG of the whole bed, with the dpi in its
      # header. The corner, the turn, the dpi, the dust, the edge and the
      # file type drawn from SEED and the document. Checked: the file is
      # page-sized (a PDF of one page). Needs pdfinfo (poppler-utils) for
      # the PDF's check. Not harsh: every field stays legible to a person.
      local fb=$docs/$n.fbs dpi ang spot kind PW PH SW SH X Y mx my dust edgeline
      command -v pdfinfo >/dev/null || { echo "heldout: flatbedsmall needs pdfinfo (apt-get install poppler-utils)" >&2; exit 1; }
      rm -rf "$fb" && mkdir -p "$fb"
      dpi=$((200 + 50 * $(pick "$n flatbedsmall dpi" "$seed" 3)))
      if [[ $n == uk-* ]]; then PW=$((dpi * 827 / 100)) PH=$((dpi * 1169 / 100)); else PW=$((dpi * 85 / 10)) PH=$((dpi * 11)); fi
      ang=$(awk -v p="$(pick "$n flatbedsmall turn" "$seed" 31)" -v s="$(pick "$n flatbedsmall sign" "$seed" 2)" 'BEGIN{printf "%.1f", (8 + p) / 10 * (s ? 1 : -1)}')
      # The piece itself: the screenshot's 40 px white border shaved off
      # (the trim left the paper's own edge there), scaled to the scan's dpi,
      # softened, light noise, then its shadow and the turn.
      convert "$base" -shave 40x40 +repage -resize "$((dpi * 100 / 192))%" -blur 0x0.5 \
        -seed "$seed" -attenuate 0.12 +noise Gaussian "$fb/piece.png"
      convert "$fb/piece.png" \( +clone -background '#000000' -shadow 22x4+3+4 \) +swap -background white -layers merge +repage \
        -background white -rotate "$ang" +repage "$fb/turned.png"
      SW=$(identify -format %w "$fb/turned.png"); SH=$(identify -format %h "$fb/turned.png")
      ((SW < PW && SH < PH)) || { echo "heldout: $s $n flatbedsmall: the piece (${SW}x${SH}) is not small beside the bed (${PW}x${PH})" >&2; exit 1; }
      # Where it lies: a corner (0-3) in two draws of three, else mid-page.
      spot=$(pick "$n flatbedsmall spot" "$seed" 6)
      mx=$((dpi * (10 + $(pick "$n flatbedsmall mx" "$seed" 31)) * 10 / 254)) my=$((dpi * (10 + $(pick "$n flatbedsmall my" "$seed" 31)) * 10 / 254))
      case $spot in
        0 | 4) X=$mx Y=$my ;;
        1) X=$((PW - SW - mx)) Y=$my ;;
        2) X=$mx Y=$((PH - SH - my)) ;;
        3) X=$((PW - SW - mx)) Y=$((PH - SH - my)) ;;
        *) X=$(((PW - SW) / 2 + mx / 3)) Y=$(((PH - SH) / 3 + my / 2)) ;;
      esac
      X=$((X < 0 ? 0 : X)) Y=$((Y < 0 ? 0 : Y))
      # Dust on the glass (small grey specks) and the scanner's edge line.
      dust=$(awk -v W="$PW" -v H="$PH" -v sd="$(pick "$n flatbedsmall dust" "$seed" 100000)" 'BEGIN{
        srand(sd); n = 30 + int(rand() * 61)
        for (i = 0; i < n; i++) { x = int(rand() * W); y = int(rand() * H); r = 0.5 + rand() * 1.3; g = 90 + int(rand() * 110)
          printf "fill rgb(%d,%d,%d) circle %d,%d %.1f,%d\n", g, g, g, x, y, x + r, y }
      }')
      case $(pick "$n flatbedsmall edge" "$seed" 4) in
        0) edgeline="rectangle 0,0 $((PW - 1)),2" ;;
        1) edgeline="rectangle 0,$((PH - 3)) $((PW - 1)),$((PH - 1))" ;;
        2) edgeline="rectangle 0,0 2,$((PH - 1))" ;;
        *) edgeline="rectangle $((PW - 3)),0 $((PW - 1)),$((PH - 1))" ;;
      esac
      convert -size "${PW}x${PH}" xc:white "$fb/turned.png" -geometry "+$X+$Y" -compose over -composite \
        -draw "$dust" -fill '#c4c4c4' -draw "$edgeline" -units PixelsPerInch -density "$dpi" "$fb/bed.png"
      kind=$(pick "$n flatbedsmall kind" "$seed" 3)
      case $kind in
        0) f=$docs/$n.flatbedsmall.pdf
           convert "$fb/bed.png" -quality 90 "$fb/bed.jpg"
           jpegs_to_pdf "$f" "$dpi" "$fb/bed.jpg"
           [[ $(pdfinfo "$f" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n flatbedsmall: $f is not one page" >&2; exit 1; } ;;
        1) f=$docs/$n.flatbedsmall.jpg; convert "$fb/bed.png" -quality 90 -units PixelsPerInch -density "$dpi" "$f" ;;
        *) f=$docs/$n.flatbedsmall.png; convert "$fb/bed.png" -units PixelsPerInch -density "$dpi" "$f" ;;
      esac
      rm -rf "$fb" ;;
    dustyscan)
      # A flatbed scan through a dusty scanner glass (unseen104), as patients
      # scan a letter, a slip or a label at home or in a library: the page at
      # 200, 250 or 300 dpi (drawn from SEED and the document), a little
      # turned (0.2-1.0 degrees either way) on the lid's white; scattered dust
      # on the glass as specks (150-300 of them, 1-3 px, grey to black, a few
      # larger flecks), one or two thin curved hairs (about 2 px, dark grey)
      # across the page, each laid in a band of blank rows measured on the
      # page (rows with no dark print from edge to edge, long vertical rules
      # left out; at least 24 px or a 40th of the page high, so never a mere
      # gap between two lines) and bowing less than half the band's height,
      # keeping 8 px clear of it, so it never crosses a character; a faint grey
      # band (at most about 18% darker at the very edge, fading over 3-5% of
      # the page) along one edge where the lid did not close (which edge drawn
      # the same way); the scanner's slight softness and noise, JPEG 88 with
      # the scan's resolution in its header. The specks, hairs, band, turn
      # and resolution drawn from SEED and the document. Not harsh: every
      # field stays legible to a person.
      f=$docs/$n.dustyscan.jpg
      local dd=$docs/$n.dusty dpi ang edge rows bands hairs draw
      rm -rf "$dd" && mkdir -p "$dd"
      dpi=$((200 + 50 * $(pick "$n dustyscan dpi" "$seed" 3)))
      # The page screenshots are at about 192 dpi (CSS pixels at 2x).
      convert "$base" -resize "$((dpi * 100 / 192))%" "$dd/page.png"
      W=$(identify -format %w "$dd/page.png"); H=$(identify -format %h "$dd/page.png")
      # Rows holding dark print: a row's share of pixels under 75% grey,
      # leaving out long vertical rules (a card's or a sheet's side, runs
      # taller than a sixth of the page, never a character), which cross
      # every row and would leave no band blank.
      local vk=$((H / 6 > 60 ? H / 6 : 60))
      rows=$(convert "$dd/page.png" -colorspace Gray -threshold 75% -negate \( +clone -morphology Open "rectangle:1x$vk" \) \
        -compose difference -composite -scale "1x${H}!" -depth 16 txt:- |
        awk -F'[(,]' 'NR > 1 {print $3 + 0}')
      # Blank bands at least 24 px (or a 40th of the page) high, so that a
      # hair keeps clear of the print above and below it (not a line gap
      # between two lines of print): start and end rows, away from the
      # page's first and last 3% (the scan's border).
      local mb=$((H / 40 > 24 ? H / 40 : 24))
      bands=$(awk -v H="$H" -v mb="$mb" 'BEGIN{s = -1} {r = NR - 1; if ($1 == 0) {if (s < 0) s = r} else {if (s >= 0 && r - s >= mb && s > H * 0.03 && r < H * 0.97) print s, r - 1; s = -1}}' <<<"$rows")
      hairs=$((1 + $(pick "$n dustyscan hairs" "$seed" 2)))
      # Draw everything the dust makes as one ImageMagick draw list from a
      # seeded awk: specks anywhere, hairs only in blank bands.
      draw=$(awk -v W="$W" -v H="$H" -v sd="$(pick "$n dustyscan dust" "$seed" 100000)" -v nh="$hairs" -v mb="$mb" -v bands="$bands" 'BEGIN{
        srand(sd); n = 150 + int(rand() * 151)
        for (i = 0; i < n; i++) {
          x = int(rand() * W); y = int(rand() * H); r = 0.6 + rand() * 1.4; if (rand() < 0.06) r += 1.5 + rand() * 2
          g = int(rand() * 120); printf "fill rgb(%d,%d,%d) circle %d,%d %.1f,%d\n", g, g, g, x, y, x + r, y
        }
        nb = split(bands, b, "\n"); m = 0
        for (i = 1; i <= nb; i++) { split(b[i], t, " "); if (t[2] - t[1] >= mb - 1) { m++; s[m] = t[1]; e[m] = t[2] } }
        used = ""
        for (k = 0; k < nh && m > 0; k++) {
          j = 1 + int(rand() * m); if (index(used, " " j " ")) j = 1 + (j % m); used = used " " j " "
          cy = (s[j] + e[j]) / 2; amp = (e[j] - s[j]) / 2 - 8; if (amp < 1) amp = 1
          x0 = W * (0.05 + rand() * 0.3); x3 = x0 + W * (0.3 + rand() * 0.35); if (x3 > W * 0.97) x3 = W * 0.97
          y0 = cy + (rand() - 0.5) * amp; y3 = cy + (rand() - 0.5) * amp
          y1 = cy + (rand() < 0.5 ? -1 : 1) * amp * 0.9; y2 = cy - (y1 - cy) * 0.8
          printf "fill none stroke rgb(70,70,70) stroke-width 2 bezier %d,%d %d,%d %d,%d %d,%d\n", x0, y0, x0 + (x3 - x0) / 3, y1, x0 + 2 * (x3 - x0) / 3, y2, x3, y3
          printf "stroke none\n"
        }
      }')
      # The lid's faint grey band along one edge.
      edge=$(pick "$n dustyscan edge" "$seed" 4)
      local bw=$(( (W < H ? W : H) * (3 + $(pick "$n dustyscan bandw" "$seed" 3)) / 100 ))
      convert -size "${H}x${bw}" gradient:'#d2d2d2'-white -rotate -90 "$dd/band.png"
      convert -size "${W}x${H}" xc:white "$dd/band.png" -gravity west -composite +gravity "$dd/lid.png"
      convert "$dd/lid.png" -rotate "$((90 * edge))" -resize "${W}x${H}!" "$dd/lid2.png"
      ang=$(awk -v p="$(pick "$n dustyscan turn" "$seed" 9)" -v s="$(pick "$n dustyscan sign" "$seed" 2)" 'BEGIN{printf "%.1f", (2 + p) / 10 * (s ? 1 : -1)}')
      convert "$dd/page.png" -draw "$draw" "$dd/lid2.png" -compose multiply -composite \
        -background white -rotate "$ang" +repage -blur 0x0.5 -seed "$seed" -attenuate 0.15 +noise Gaussian \
        -units PixelsPerInch -density "$dpi" -quality 88 "$f"
      rm -rf "$dd" ;;
    upsidedown)
      # A phone photo taken with the page upside down (unseen106): the page
      # lies on a table and the patient photographs it from the far side, so
      # the picture holds it turned about 180 degrees (177.0-183.0, in tenths,
      # drawn from SEED and the document) and carries no orientation tag to
      # turn it back (a phone held flat over a table writes none that helps;
      # the metadata is stripped); the table round the page (a margin of a
      # twelfth of its long side: dark wood, grey laminate or pale oak, drawn
      # the same way, with a faint grain), the page's soft shadow on it,
      # slight perspective, ordinary room light falling off a little towards
      # the corners, noise, JPEG 85. Not harsh: every field is as legible as
      # in a photo to a person who turns the picture.
      f=$docs/$n.upsidedown.jpg
      local ang tbl M W2 H2 ud
      ang=$((1770 + $(pick "$n upsidedown turn" "$seed" 61)))
      case $(pick "$n upsidedown table" "$seed" 3) in
        0) tbl='#7d5c3e' ;;
        1) tbl='#9a9ea2' ;;
        *) tbl='#cbb48e' ;;
      esac
      M=$(((W > H ? W : H) / 12)); W2=$((W + 2 * M)); H2=$((H + 2 * M))
      ud=$docs/$n.ud-table.png
      convert -size "${W2}x${H2}" xc:"$tbl" -seed "$seed" -attenuate 0.6 +noise Gaussian \
        \( -size "${W2}x${H2}" xc:gray50 -seed "$seed" +noise Random -colorspace Gray -blur 0x1 -motion-blur 0x40+0 -auto-level +level 88%,100% \) \
        -compose multiply -composite \
        \( -size "${W}x${H}" xc:black -alpha set -bordercolor none -border "$M" -resize 10% -blur 0x$((M / 40 + 1)) -resize "${W2}x${H2}!" -channel A -evaluate multiply 0.45 +channel -geometry +$((M / 12))+$((M / 8)) \) \
        -compose over -composite \
        "$base" -geometry "+$M+$M" -compose over -composite "$ud"
      convert "$ud" -background "$tbl" -virtual-pixel background \
        -distort Perspective "0,0 $((W2 / 70)),$((H2 / 60))  $W2,0 $((W2 - W2 / 50)),$((H2 / 80))  0,$H2 $((W2 / 90)),$((H2 - H2 / 70))  $W2,$H2 $((W2 - W2 / 60)),$((H2 - H2 / 55))" \
        -distort SRT "$(awk "BEGIN{print $ang / 10}")" +repage \
        \( -size "${W2}x${H2}" radial-gradient:'#ffffff'-'#a4a4a4' \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.3 +noise Gaussian -strip -quality 85 "$f"
      rm -f "$ud" ;;
    darkmode)
      # A phone screenshot of the page or app in the phone's dark mode
      # (unseen119), as most patients keep their phones at night or all day:
      # the page rendered again by the browser with its forced dark setting
      # (Chromium's auto dark mode for web contents, --blink-settings=
      # forceDarkModeEnabled=true), which restyles the page rather than
      # inverting an image: light backgrounds turn near-black, dark text light
      # grey, coloured brand bars and bubbles are darkened or kept by its own
      # rules, and images, gradients and photos keep their colours. The
      # screen's own black drawn from SEED and the document: an OLED phone's
      # true black, the browser's #121212, or a lifted dark grey; the
      # lightest text held at 86-94% of white (drawn the same way), as dark
      # themes dim it. The page is laid out at its own CSS width and drawn at
      # the phone's 1170 px (a page wider than 600 CSS px on the phone turned
      # landscape, 2532x1170), an element the page marks as its status bar
      # (data-statusbar) dropped as the phone draws its own: a dark status bar
      # (the time drawn from SEED and the document, signal, battery, in light
      # grey) above the page, the page fitted below it (never enlarged past
      # the phone's scale, shrunk only if it would not fit), the rest of the
      # screen the page's own dark ground (its colour at the page's bottom
      # left corner). A screenshot: lossless PNG, no
      # noise. Not harsh: every stroke keeps its contrast; only the colours
      # change.
      f=$docs/$n.darkmode.png
      local bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
      local dk=$docs/$n.dk vp w h sc mode top lev ground clock SW SH SB=132
      rm -rf "$dk" && mkdir -p "$dk"
      vp=$(sed -n 's/.*name="heldout-viewport" content="\([0-9x@.]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      vp=${vp:-900x520@2}
      w=${vp%%x*} h=${vp#*x}; h=${h%@*}
      if ((w > 600)); then SW=2532 SH=1170 SB=84; else SW=1170 SH=2532; fi
      sc=$(awk -v a="$SW" -v b="$w" 'BEGIN{printf "%.4f", a / b}')
      sed 's|</head>|<style id="heldout-darkmode">[data-statusbar]{display:none!important}</style></head>|' \
        "$out/$s/html/$n.html" >"$dk/page.html"
      chrome --blink-settings=forceDarkModeEnabled=true --force-device-scale-factor="$sc" --window-size="$w,$h" \
        --screenshot="$dk/raw.png" "file://$PWD/$dk/page.html"
      mode=$(pick "$n darkmode ground" "$seed" 3)
      top=$((86 + $(pick "$n darkmode text" "$seed" 9)))
      case $mode in 0) lev=(-level 7%,100% +level "0%,$top%") ;; 1) lev=(+level "0%,$top%") ;; *) lev=(+level "4%,$top%") ;; esac
      convert "$dk/raw.png" "${lev[@]}" -resize "${SW}x$((SH - SB))>" "$dk/page.png"
      ground=$(convert "$dk/page.png" -format '%[pixel:p{1,h-3}]' info:)
      clock=$((7 + $(pick "$n darkmode hour" "$seed" 15))):$(printf %02d "$(( $(pick "$n darkmode minute" "$seed" 997) % 60 ))")
      local y=$((SB * 2 / 3)) x0=$((SW - 240))
      convert -size "${SW}x${SH}" "xc:$ground" "$dk/page.png" -gravity north -geometry "+0+$SB" -compose over -composite -gravity northwest \
        -font "$bold" -pointsize $((SB * 35 / 100)) -fill '#e6e6e6' -annotate "+70+$((y - 30 * SB / 132))" "$clock" \
        -draw "rectangle $x0,$((y)) $((x0 + 8)),$((y + 12))" -draw "rectangle $((x0 + 16)),$((y - 10)) $((x0 + 24)),$((y + 12))" \
        -draw "rectangle $((x0 + 32)),$((y - 20)) $((x0 + 40)),$((y + 12))" -draw "rectangle $((x0 + 48)),$((y - 30)) $((x0 + 56)),$((y + 12))" \
        -fill none -stroke '#e6e6e6' -strokewidth 3 -draw "roundrectangle $((x0 + 90)),$((y - 28)) $((x0 + 162)),$((y + 10)) 10,10" \
        -stroke none -fill '#e6e6e6' -draw "rectangle $((x0 + 96)),$((y - 22)) $((x0 + 140)),$((y + 4))" -draw "rectangle $((x0 + 166)),$((y - 16)) $((x0 + 171)),$((y - 2))" \
        -strip "$f"
      rm -rf "$dk" ;;
    largetext)
      # A phone screenshot taken with the phone's largest accessibility text
      # size on, as people with low vision keep it (unseen113): the same page
      # laid out again by the browser in a phone-width window (390x800 CSS px
      # at 3x, under the status bar) with every element's text enlarged about
      # twice (1.90-2.20 times, drawn from SEED and the document; line heights
      # given in px enlarged with it), boxes capped at the screen's width so
      # lines wrap often and a label and its value may fall on different
      # lines, flex rows allowed to wrap, boxes whose enlarged text overflows
      # their fixed height let grow, and an element the page marks as its own
      # status bar (data-statusbar) dropped, as the phone draws its own. The
      # page is shown from its top, or scrolled (<meta name="heldout-largetext"
      # content="FRACTION">: the fraction of the enlarged page's height
      # scrolled away, so every field a case needs is on the screen; a sticky
      # header stays, as in the app; the page is moved up rather than the
      # window scrolled, which headless Chromium does not capture reliably), cut by the screen's height, with the
      # thin scroll indicator at the right where the page is longer than the
      # screen. The screen is 1170x2532: the phone's status bar (the time
      # drawn the same way, signal, battery) above the page. A screenshot:
      # PNG, no noise. Not harsh: the print is larger, not worse.
      f=$docs/$n.largetext.png
      local bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
      local lt=$out/$s/html/$n.largetext.html frac mult clock SW=1170 SH=2532 SB=132
      frac=$(sed -n 's/.*name="heldout-largetext" content="\([^"]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      frac=${frac:-0}
      mult=$(awk "BEGIN{printf \"%.2f\", 1.90 + $(( $(pick "$n largetext size" "$seed" 997) % 31 )) / 100}")
      clock=$((7 + $(pick "$n largetext hour" "$seed" 13))):$(printf %02d "$(( $(pick "$n largetext minute" "$seed" 997) % 60 ))")
      python3 - "$out/$s/html/$n.html" "$lt" "$mult" "$frac" <<'PY'
import sys
src, dst, k, frac = sys.argv[1:5]
inject = """<style id="heldout-largetext">html,body{width:auto!important;min-width:0!important;max-width:100%!important;height:auto!important;overflow-x:hidden!important}
*{max-width:100%!important;box-sizing:border-box!important;overflow-wrap:anywhere!important}[data-statusbar]{display:none!important}
html{overflow:hidden!important}</style>
<script>addEventListener("DOMContentLoaded",function(){var k=""" + k + """,frac=""" + frac + """;
var els=[].slice.call(document.querySelectorAll("body, body *"));
var st=els.map(function(e){var c=getComputedStyle(e);return [parseFloat(c.fontSize),c.lineHeight,c.display]});
els.forEach(function(e,i){var c=st[i];e.style.setProperty("font-size",(c[0]*k)+"px","important");
if(/px$/.test(c[1]))e.style.setProperty("line-height",(parseFloat(c[1])*k)+"px","important");
if(c[2].indexOf("flex")>=0)e.style.setProperty("flex-wrap","wrap","important");});
els.forEach(function(e){var c=getComputedStyle(e);if(e.scrollHeight>e.clientHeight+1&&c.overflow=="visible"&&e.clientHeight>0){e.style.setProperty("min-height",c.height,"important");e.style.setProperty("height","auto","important");}});
var H=document.documentElement.scrollHeight,V=innerHeight,off=Math.max(0,Math.min(Math.round(frac*H),H-V));
if(off>0){els.forEach(function(e){if(getComputedStyle(e).position=="sticky"&&e.getBoundingClientRect().top<off){var c=e.cloneNode(true);
var g=getComputedStyle(e);c.style.cssText+=";position:fixed!important;top:0;left:0;right:0;z-index:99998;font-family:"+g.fontFamily+";color:"+g.color;document.documentElement.appendChild(c);}});
document.body.style.setProperty("transform","translateY(-"+off+"px)","important");}
if(H>V+2){var d=document.createElement("div"),ih=Math.max(40,V*V/H);
d.style.cssText="position:fixed;right:2px;width:3px;border-radius:2px;background:rgba(0,0,0,.4);z-index:99999;top:"+(off*V/H+2)+"px;height:"+(ih-4)+"px";
document.documentElement.appendChild(d);}});</script>"""
text = open(src, encoding="utf-8").read()
i = text.lower().find("</head>")
text = text[:i] + inject + text[i:] if i >= 0 else inject + text
open(dst, "w", encoding="utf-8").write(text)
PY
      chrome --force-device-scale-factor=3 --window-size=390,$(((SH - SB) / 3)) --screenshot="$docs/$n.lt-view.png" "file://$PWD/$lt"
      convert -size "${SW}x${SH}" xc:white "$docs/$n.lt-view.png" -geometry "+0+$SB" -compose over -composite \
        -fill white -draw "rectangle 0,0 $SW,$SB" \
        -font "$bold" -pointsize 46 -fill '#111111' -annotate "+70+88" "$clock" \
        -draw "rectangle 930,78 938,90" -draw "rectangle 946,68 954,90" -draw "rectangle 962,58 970,90" -draw "rectangle 978,48 986,90" \
        -fill none -stroke '#111111' -strokewidth 3 -draw "roundrectangle 1020,50 1092,88 10,10" -stroke none -fill '#111111' -draw "rectangle 1026,56 1070,82" -draw "rectangle 1096,62 1101,76" \
        "$f"
      rm -f "$docs/$n.lt-view.png" "$lt" ;;
    bwscan)
      # A phone scanner app's black-and-white document mode (unseen108): the
      # app finds the page's edges and flattens it (what is left is a small
      # keystone and a turn of up to 0.5 degrees), then thresholds it to pure
      # black and white with an adaptive threshold: each pixel is compared
      # with the mean of its neighbourhood (the page divided by a heavy blur
      # of itself, so uneven light is evened out first), and is black where
      # it is darker than that mean by more than the threshold (8-14% of it).
      # Grey and coloured areas (table shading, a coloured band, a security
      # background, a stamp's ink) are as dark as their surroundings, so the
      # sensor's noise flips them into speckle or they vanish; a stamp's
      # colour is lost (its strokes, darker than the paper round them, stay
      # black); thin strokes soften a little before the threshold, so they
      # break a little. Saved as a one-bit PNG at the page's scale (a scan
      # app's 200 dpi). The turn, keystone, threshold and noise drawn from
      # SEED and the document. Not harsh: every field stays legible to a
      # person.
      f=$docs/$n.bwscan.png
      local ang thr att kx ky sig
      ang=$(awk -v p="$(pick "$n bwscan turn" "$seed" 11)" 'BEGIN{printf "%.1f", (p - 5) / 10}')
      thr=$((86 + $(pick "$n bwscan threshold" "$seed" 7)))
      att=$(awk -v p="$(pick "$n bwscan noise" "$seed" 5)" 'BEGIN{printf "%.2f", 0.45 + p * 0.05}')
      kx=$((W / 160 + $(pick "$n bwscan kx" "$seed" 5))); ky=$((H / 200 + $(pick "$n bwscan ky" "$seed" 5)))
      sig=$(((W > H ? W : H) / 90 + 6))
      convert "$base" \( -size "${W}x${H}" xc: -sparse-color Barycentric "0,0 #f4f4f4 $W,$H #c8c8c8" \) \
        -compose multiply -composite -background white -virtual-pixel white \
        -distort Perspective "0,0 $kx,$ky  $W,0 $((W - kx / 2)),0  0,$H 0,$H  $W,$H $((W - kx)),$((H - ky))" \
        -rotate "$ang" +repage -colorspace Gray -blur 0x0.7 -seed "$((seed * 7919 + $(pick "$n bwscan seed" "$seed" 7919)))" -attenuate "$att" +noise Gaussian \
        \( +clone -blur "0x$sig" \) -compose Divide_Src -composite \
        -threshold "$thr%" -type bilevel -strip "$f" ;;
    redacted)
      # An image the patient redacted before sending, as careful patients do
      # (unseen109): in the phone's photo editor, black boxes drawn with the
      # markup pen, or pixelated blocks (which of the two drawn from SEED and
      # the document), over the details they would rather not share: what the
      # page marks class="redact" (an address, a telephone number, a date of
      # birth, an NHS, member or record number, a barcode), never a field a
      # case needs. Where they lie is measured on the page itself: the page
      # rendered again with those elements painted magenta and cut with the
      # page's own box, so the two line up pixel for pixel. The pen's boxes
      # reach a little past the print (about a 250th of the width across, 4 px
      # up and down) with a rough, hand-drawn edge; the pixelated blocks are
      # squares of 18-26 px (drawn the same way). A paper document
      # (<meta name="heldout-redacted" content="photo">) is a phone photo first:
      # light falling off and noise (no change of geometry, so the boxes stay
      # where the details are). Then the editor's export: JPEG 90, metadata
      # dropped. Not harsh: every field left is as legible as on the page.
      f=$docs/$n.redacted.jpg
      local rd=$docs/$n.rd vp w h scale box px blk
      rm -rf "$rd" && mkdir -p "$rd"
      vp=$(sed -n 's/.*name="heldout-viewport" content="\([0-9x@.]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      vp=${vp:-900x520@2}
      w=${vp%%x*} h=${vp#*x}; h=${h%@*} scale=${vp#*@}
      sed 's|</head>|<style>.redact,.redact *{background:#ff00ff !important;color:#ff00ff !important;border-color:#ff00ff !important;text-shadow:none !important;box-shadow:none !important}</style></head>|' \
        "$out/$s/html/$n.html" >"$rd/mask.html"
      chrome --force-device-scale-factor="$scale" --window-size="$w,$h" --screenshot="$rd/mask.raw.png" "file://$PWD/$rd/mask.html"
      box=$(convert "$out/$s/png/$n.raw.png" -trim -format '%wx%h%O' info:)
      convert "$rd/mask.raw.png" -crop "$box" +repage -bordercolor white -border 40 \
        -fuzz 12% -fill black +opaque '#ff00ff' -fill white -opaque '#ff00ff' -colorspace Gray "$rd/mask.png"
      [[ $(convert "$rd/mask.png" -format '%[fx:maxima]' info:) != 0 ]] || { echo "heldout: $n: redacted: nothing marked class=\"redact\"" >&2; exit 2; }
      px=$((W / 250 > 6 ? W / 250 : 6))
      if grep -q 'name="heldout-redacted" content="photo"' "$out/$s/html/$n.html"; then
        convert "$base" \( -size "${W}x${H}" radial-gradient:'#ffffff'-'#b4b4b4' \) -compose multiply -composite \
          -seed "$seed" -attenuate 0.3 +noise Gaussian "$rd/base.png"
      else
        cp "$base" "$rd/base.png"
      fi
      if [[ $(pick "$n redacted style" "$seed" 2) == 0 ]]; then
        # The markup pen: opaque near-black, its edge rough where the finger wobbled.
        convert "$rd/mask.png" -morphology Dilate "Rectangle:$((2 * px + 1))x9" -blur 0x2 \
          \( -size "${W}x${H}" xc:gray50 -seed "$((seed + $(pick "$n redacted pen" "$seed" 1000)))" -attenuate 2 +noise Gaussian -colorspace Gray -blur 0x3 \) \
          -compose overlay -composite -threshold 50% "$rd/pen.png"
        convert "$rd/base.png" \( -size "${W}x${H}" xc:'#161616' \) "$rd/pen.png" -composite "$rd/out.png"
      else
        # Pixelated blocks over the same boxes (the editor's "pixelate" brush).
        blk=$((18 + 2 * $(pick "$n redacted block" "$seed" 5)))
        convert "$rd/mask.png" -morphology Dilate "Rectangle:$((2 * px + 1))x9" "$rd/pix-mask.png"
        convert "$rd/base.png" -sample "$((W / blk))x$((H / blk))!" -sample "${W}x${H}!" "$rd/pix.png"
        convert "$rd/base.png" "$rd/pix.png" "$rd/pix-mask.png" -composite "$rd/out.png"
      fi
      convert "$rd/out.png" -strip -quality 90 "$f"
      rm -rf "$rd" ;;
    eink)
      # A phone photo of an e-ink tablet or e-reader showing the document
      # (unseen111), as patients do who read their PDFs on a Kindle, a
      # reMarkable or a Boox and photograph the screen to send it: the page
      # fitted on the device's 3:4 screen (turned to landscape for a page
      # wider than tall) at its own scale, the screen a grey paper-like
      # ground with modest contrast (the print dark grey at about 18%, the
      # ground light grey at about 84%, a faint warm tint and the film's
      # fine grain); the faint ghost of the previous page behind the print
      # (an image of print, rolled a ninth across and about a third down,
      # softened, at most about 8% darker than the ground: e-ink's partial
      # refresh leaves it); the device's bezel round the screen (black,
      # charcoal or off-white, drawn from SEED and the document; a wider
      # grip on one side), its rounded corners and soft shadow on a table
      # (dark wood, grey laminate or pale oak, drawn the same way); a small
      # soft reflection of a ceiling light on the glass (an ellipse about a
      # seventh of the screen, at most about a fifth brighter, its place
      # drawn the same way); turned up to 1.5 degrees, slight perspective,
      # light falling off, noise, JPEG 85, the long side at most 3200 px.
      # Not harsh: every field stays legible to a person.
      f=$docs/$n.eink.jpg
      local ed=$docs/$n.eink.d Sw Sh B G bcol tbl gx gy rw rh rx ry ang M W2 H2 side
      rm -rf "$ed" && mkdir -p "$ed"
      if ((W > H)); then
        Sh=$((H > W * 3 / 4 ? H : W * 3 / 4)); Sw=$((Sh * 4 / 3))
      else
        Sw=$((W > H * 3 / 4 ? W : H * 3 / 4)); Sh=$((Sw * 4 / 3))
      fi
      # The screen: the page centred on white, its ghost, then the e-ink grey.
      convert -size "${Sw}x${Sh}" xc:white "$base" -gravity center -composite +gravity -colorspace Gray "$ed/screen.png"
      gx=$((Sw / 9 + $(pick "$n eink ghostx" "$seed" 40))); gy=$((Sh * (30 + $(pick "$n eink ghosty" "$seed" 12)) / 100))
      convert "$ed/screen.png" \( +clone -roll "+${gx}+${gy}" -blur 0x1.3 +level 92%,100% \) -compose multiply -composite \
        +level 18%,84% -colorspace sRGB \( -size "${Sw}x${Sh}" xc:'#f5f2ea' \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.18 +noise Gaussian "$ed/screen2.png"
      # The reflection of a ceiling light: a soft ellipse screened over the glass.
      rw=$((Sw / 7)); rh=$((Sh / 11))
      rx=$((Sw * (10 + $(pick "$n eink reflx" "$seed" 70)) / 100)); ry=$((Sh * (6 + $(pick "$n eink refly" "$seed" 30)) / 100))
      # (drawn and blurred at an eighth of the size: a blur this wide at full size takes minutes)
      convert "$ed/screen2.png" \( -size "$((Sw / 8))x$((Sh / 8))" xc:black -fill gray22 -draw "ellipse $((rx / 8)),$((ry / 8)) $((rw / 8)),$((rh / 8)) 0,360" \
        -blur "0x$((rw / 24 + 1))" -resize "${Sw}x${Sh}!" \) -compose screen -composite "$ed/screen3.png"
      # The bezel: a wider grip on one side (left, right or bottom).
      B=$(((Sw < Sh ? Sw : Sh) * 6 / 100)); G=$((B * 2))
      case $(pick "$n eink bezel" "$seed" 3) in
        0) bcol='#1c1c1e' ;;
        1) bcol='#3b3c3f' ;;
        *) bcol='#e6e3dc' ;;
      esac
      side=$(pick "$n eink grip" "$seed" 3)
      case $side in
        0) convert "$ed/screen3.png" -bordercolor "$bcol" -border "$B" -background "$bcol" -gravity west -splice "${G}x0" +gravity "$ed/dev.png" ;;
        1) convert "$ed/screen3.png" -bordercolor "$bcol" -border "$B" -background "$bcol" -gravity east -splice "${G}x0" +gravity "$ed/dev.png" ;;
        *) convert "$ed/screen3.png" -bordercolor "$bcol" -border "$B" -background "$bcol" -gravity south -splice "0x${G}" +gravity "$ed/dev.png" ;;
      esac
      W2=$(identify -format %w "$ed/dev.png"); H2=$(identify -format %h "$ed/dev.png")
      convert "$ed/dev.png" \( -size "${W2}x${H2}" xc:black -fill white -draw "roundrectangle 0,0 $((W2 - 1)),$((H2 - 1)) $((B * 2 / 3)),$((B * 2 / 3))" \) \
        -alpha off -compose copy_opacity -composite "$ed/devr.png"
      case $(pick "$n eink table" "$seed" 3) in
        0) tbl='#7d5c3e' ;;
        1) tbl='#9a9ea2' ;;
        *) tbl='#cbb48e' ;;
      esac
      M=$(((W2 > H2 ? W2 : H2) / 14))
      ang=$(awk -v p="$(pick "$n eink turn" "$seed" 31)" 'BEGIN{printf "%.1f", (p - 15) / 10}')
      convert -size "$((W2 + 2 * M))x$((H2 + 2 * M))" xc:"$tbl" -seed "$seed" -attenuate 0.5 +noise Gaussian \
        \( "$ed/devr.png" -resize 12.5% -background none -fill black -colorize 100 -bordercolor none -border "$((M / 8))" -blur "0x$((M / 40 + 1))" \
          -resize "$((W2 + M / 4 * 8))x$((H2 + M / 4 * 8))!" -channel A -evaluate multiply 0.5 +channel \) \
        -geometry "+$((M + M / 8 - M / 4 * 4))+$((M + M / 6 - M / 4 * 4))" -compose over -composite \
        "$ed/devr.png" -geometry "+$M+$M" -compose over -composite "$ed/scene.png"
      W2=$(identify -format %w "$ed/scene.png"); H2=$(identify -format %h "$ed/scene.png")
      convert "$ed/scene.png" -background "$tbl" -virtual-pixel background \
        -distort Perspective "0,0 $((W2 / 80)),$((H2 / 70))  $W2,0 $((W2 - W2 / 60)),$((H2 / 90))  0,$H2 $((W2 / 100)),$((H2 - H2 / 80))  $W2,$H2 $((W2 - W2 / 70)),$((H2 - H2 / 60))" \
        -distort SRT "$ang" +repage \
        \( -size "${W2}x${H2}" radial-gradient:'#ffffff'-'#b4b4b4' \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.25 +noise Gaussian -resize '3200x3200>' -strip -quality 85 "$f"
      rm -rf "$ed" ;;
    shrinkprint)
      # A web page printed from the browser with "shrink to fit", then
      # photographed flat on a table in room light (unseen112): web pages
      # are laid out wider than the paper's printable width (a desktop
      # layout's minimum width), so the browser scales the page down to fit
      # the sheet, here to 72-80% (drawn from SEED and the document; less
      # where the page would not fit one A4 sheet within 0.4 in margins, at
      # 96 CSS px to the inch): body text of 12-14 px comes out at about
      # 7-8 pt, with wide side margins, the page centred across the sheet
      # from its top; the browser's own header and footer in the margins
      # (the date and time of printing and the page's title above, its
      # address, `<meta name="heldout-url">` or the file's, and "1/1" below;
      # the date as the market writes it); the print a little soft and
      # toner-black. The sheet (220 dpi) lies on a table (oak, walnut or grey
      # laminate, drawn the same way, a faint grain), turned up to 1.5
      # degrees either way with its soft shadow, the phone held over it
      # (slight perspective), ordinary room light falling off towards the
      # corners a little warm, noise, JPEG 85. Not harsh: every field stays
      # legible to a person.
      f=$docs/$n.shrinkprint.jpg
      local sp=$docs/$n.sp sc cw ch sk r SW=1819 SH=2572 mg=88 pw ph tbl ang title url when M W2 H2
      rm -rf "$sp" && mkdir -p "$sp"
      sc=$(sed -n 's/.*name="heldout-viewport" content="[0-9]*x[0-9]*@\([0-9.]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      sc=${sc:-2}
      pw=$((SW - 2 * mg)); ph=$((SH - 2 * mg))
      # r: device pixels of the sheet per pixel of the page image.
      read -r sk r < <(awk -v fit="0.$((72 + $(pick "$n shrinkprint scale" "$seed" 9)))" -v W="$W" -v H="$H" -v sc="$sc" -v pw="$pw" -v ph="$ph" 'BEGIN{
        k = 220 / 96; cw = (W - 80) / sc; ch = (H - 80) / sc
        s = fit; if (pw / (cw * k) < s) s = pw / (cw * k); if (ph / (ch * k) < s) s = ph / (ch * k)
        printf "%.4f %.4f\n", s, s * k / sc}')
      convert "$base" -shave 40x40 -resize "$(awk -v r="$r" 'BEGIN{printf "%.3f", r * 100}')%" -blur 0x0.45 \
        -level 0%,100% +level 9%,100% "$sp/print.png"
      title=$(sed -n 's:.*<title>\(.*\)</title>.*:\1:p' "$out/$s/html/$n.html" | head -1 | sed 's/&amp;/\&/g; s/&middot;/·/g')
      url=$(sed -n 's/.*name="heldout-url" content="\([^"]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      url=${url:-file://$PWD/$out/$s/html/$n.html}
      local day=${HELDOUT_TODAY:-$(date +%F)} hh mm
      hh=$((9 + $(pick "$n shrinkprint hour" "$seed" 11))); mm=$(pick "$n shrinkprint min" "$seed" 60)
      if [[ $n == us-* ]]; then
        when="$(date -d "$day" +%-m/%-d/%y), $(( hh > 12 ? hh - 12 : hh )):$(printf %02d "$mm") $( ((hh >= 12)) && echo PM || echo AM)"
      else
        when="$(date -d "$day" +%d/%m/%Y), $(printf %02d:%02d "$hh" "$mm")"
      fi
      convert -size "${SW}x${SH}" xc:white \
        "$sp/print.png" -gravity north -geometry "+0+$mg" -compose over -composite \
        -font /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf -pointsize 23 -fill '#262626' \
        -gravity northwest -annotate "+40+30" "$when" \
        -gravity north -annotate "+0+30" "$title" \
        -gravity southwest -annotate "+40+30" "$url" \
        -gravity southeast -annotate "+40+30" "1/1" +gravity "$sp/sheet.png"
      case $(pick "$n shrinkprint table" "$seed" 3) in
        0) tbl='#b08a5e' ;;
        1) tbl='#5e4632' ;;
        *) tbl='#8e9196' ;;
      esac
      M=$((SH / 11)); W2=$((SW + 2 * M)); H2=$((SH + 2 * M))
      ang=$(awk -v p="$(pick "$n shrinkprint turn" "$seed" 31)" 'BEGIN{printf "%.1f", (p - 15) / 10}')
      convert -size "${W2}x${H2}" xc:"$tbl" -seed "$seed" -attenuate 0.5 +noise Gaussian \
        \( -size "$((W2 / 4))x$((H2 / 4))" xc:gray50 -seed "$seed" +noise Random -colorspace Gray -motion-blur 0x12+0 -auto-level +level 86%,100% -resize "${W2}x${H2}!" \) \
        -compose multiply -composite \
        \( -size "${SW}x${SH}" xc:black -alpha set -bordercolor none -border "$M" -resize 10% -blur 0x$((M / 50 + 1)) -resize "${W2}x${H2}!" -channel A -evaluate multiply 0.4 +channel -geometry +$((M / 14))+$((M / 10)) \) \
        -compose over -composite \
        \( "$sp/sheet.png" -background none -rotate "$ang" \) -gravity center -compose over -composite +gravity "$sp/table.png"
      convert "$sp/table.png" -background "$tbl" -virtual-pixel background \
        -distort Perspective "0,0 $((W2 / 60)),$((H2 / 70))  $W2,0 $((W2 - W2 / 45)),$((H2 / 90))  0,$H2 $((W2 / 80)),$((H2 - H2 / 60))  $W2,$H2 $((W2 - W2 / 55)),$((H2 - H2 / 50))" +repage \
        \( -size "${W2}x${H2}" radial-gradient:'#fff8ee'-'#b3aba0' \) -compose multiply -composite \
        -blur 0x0.6 -seed "$seed" -attenuate 0.35 +noise Gaussian -strip -quality 85 "$f"
      rm -rf "$sp" ;;
    panorama)
      # The phone's panorama mode used to get a long page (a waybill, a long
      # e-mail, a delivery note) or a label wrapped round a box into one
      # picture (unseen110): the page swept in one slow pan along its long
      # side, so the frame is long and thin (the table beyond both ends, a
      # tenth of the page's length each, and only a thin strip of it along the
      # sides); the ends a little stretched along the pan (the outer 7% of the
      # frame by 116-124%, the next 8% by 106-110%, as the sweep slows at the
      # start and the end); one or two faint stitching seams across the pan
      # where the exposure steps (each stretch of the frame its own brightness,
      # 91-100%, the step eased over 1.5% of the length); the lines bow a
      # little (a gentle curve across the width of the page, its height 10-22
      # px at the page's scale, about a line's height or less, up or down);
      # light falling off a little towards the ends, noise, JPEG 88. The
      # stretch, the seams, the bow and the table drawn from SEED and the
      # document. Not harsh: every field stays legible to a person.
      f=$docs/$n.panorama.jpg
      local pz=$docs/$n.pz L T M1 M2 LL TT tbl a b a1 b1 s1 s2 nse g0 g1 g2 x1 x2 sw A rot=0 pf
      if ((H > W)); then rot=1; convert "$base" -rotate -90 "$pz-p.png"; L=$H; T=$W; else cp "$base" "$pz-p.png"; L=$W; T=$H; fi
      case $(pick "$n panorama table" "$seed" 3) in
        0) tbl='#8a6a4a' ;;
        1) tbl='#a7a9ab' ;;
        *) tbl='#d2bf9c' ;;
      esac
      M1=$((L / 10)); M2=$((T * 3 / 100 + 6)); LL=$((L + 2 * M1)); TT=$((T + 2 * M2))
      # The page on the table, with its soft shadow.
      convert -size "${LL}x${TT}" xc:"$tbl" -seed "$seed" -attenuate 0.5 +noise Gaussian \
        \( -size "${L}x${T}" xc:black -alpha set -bordercolor none -border 12 -blur 0x6 -channel A -evaluate multiply 0.4 +channel \) \
        -geometry "+$((M1 - 8))+$((M2 - 6))" -compose over -composite \
        "$pz-p.png" -geometry "+$M1+$M2" -compose over -composite "$pz-t.png"
      # The ends stretched along the pan.
      s1=$((116 + $(pick "$n panorama s1" "$seed" 9))); s2=$((106 + $(pick "$n panorama s2" "$seed" 5)))
      a=$((LL * 7 / 100)); b=$((LL * 15 / 100)); a1=$((a * s1 / 100)); b1=$(((b - a) * s2 / 100))
      convert "$pz-t.png" \
        \( -clone 0 -crop "${a}x${TT}+0+0" +repage -resize "${a1}x${TT}!" \) \
        \( -clone 0 -crop "$((b - a))x${TT}+${a}+0" +repage -resize "${b1}x${TT}!" \) \
        \( -clone 0 -crop "$((LL - 2 * b))x${TT}+${b}+0" +repage \) \
        \( -clone 0 -crop "$((b - a))x${TT}+$((LL - b))+0" +repage -resize "${b1}x${TT}!" \) \
        \( -clone 0 -crop "${a}x${TT}+$((LL - a))+0" +repage -resize "${a1}x${TT}!" \) \
        -delete 0 +append +repage "$pz-s.png"
      LL=$(identify -format %w "$pz-s.png")
      # The seams: the exposure steps once or twice along the pan.
      nse=$((1 + $(pick "$n panorama seams" "$seed" 2)))
      g0=$((91 + $(pick "$n panorama g0" "$seed" 10))); g1=$((91 + $(pick "$n panorama g1" "$seed" 10))); g2=$((91 + $(pick "$n panorama g2" "$seed" 10)))
      ((g1 == g0)) && g1=$((g0 > 95 ? g0 - 5 : g0 + 5))
      ((g2 == g1)) && g2=$((g1 > 95 ? g1 - 4 : g1 + 4))
      sw=$((LL * 15 / 1000 + 1))
      x1=$((LL * (30 + $(pick "$n panorama x1" "$seed" 16)) / 100))
      if ((nse == 1)); then x2=$LL; else x2=$((LL * (58 + $(pick "$n panorama x2" "$seed" 14)) / 100)); fi
      if ((nse == 1)); then
        convert -size "${x1}x1" xc:"gray($g0%)" \( -size "1x${sw}" gradient:"gray($g0%)-gray($g1%)" -rotate -90 \) \
          -size "$((LL - x1 - sw))x1" xc:"gray($g1%)" +append +repage -scale "${LL}x${TT}!" "$pz-g.png"
      else
        convert -size "${x1}x1" xc:"gray($g0%)" \( -size "1x${sw}" gradient:"gray($g0%)-gray($g1%)" -rotate -90 \) \
          -size "$((x2 - x1 - sw))x1" xc:"gray($g1%)" \( -size "1x${sw}" gradient:"gray($g1%)-gray($g2%)" -rotate -90 \) \
          -size "$((LL - x2 - sw))x1" xc:"gray($g2%)" +append +repage -scale "${LL}x${TT}!" "$pz-g.png"
      fi
      # Light falling off a little towards the ends of the sweep.
      convert "$pz-s.png" "$pz-g.png" -compose multiply -composite \
        \( -size "1x$((LL / 2 + 1))" gradient:'#d8d8d8'-white \( +clone -flip \) -append -rotate -90 \
           -evaluate pow 0.6 -scale "${LL}x${TT}!" \) -compose multiply -composite "$pz-e.png"
      ((rot)) && convert "$pz-e.png" -rotate 90 "$pz-e.png"
      # The bow: the lines curve gently across the page's width.
      A=$((10 + $(pick "$n panorama bow" "$seed" 13)))
      pf=$(identify -format %w "$pz-e.png")
      if (($(pick "$n panorama up" "$seed" 2))); then
        convert "$pz-e.png" -background "$tbl" -wave "${A}x$((2 * pf))" +repage "$pz-w.png"
      else
        convert "$pz-e.png" -flip -background "$tbl" -wave "${A}x$((2 * pf))" -flip +repage "$pz-w.png"
      fi
      convert "$pz-w.png" -seed "$seed" -attenuate 0.25 +noise Gaussian -strip -quality 88 "$f"
      if (($(stat -c %s "$f") >= 3900000)); then convert "$pz-w.png" -seed "$seed" -attenuate 0.25 +noise Gaussian -strip -quality 78 "$f"; fi
      rm -f "$pz-p.png" "$pz-t.png" "$pz-s.png" "$pz-g.png" "$pz-e.png" "$pz-w.png" ;;
    vignette)
      # A photo from an old or cheap phone camera (unseen116), as patients
      # send from a hand-me-down or a basic phone: the lens darkens strongly
      # towards the corners (vignetting: brightness falling with the square
      # of the distance from the optical centre, the frame's corners at
      # 30-40% of its middle; the centre moved up to 6% off the frame's
      # middle), its lateral colour error leaves slight colour fringes at
      # high-contrast edges (red drawn 0.25% larger and blue 0.25% smaller
      # than green about the frame's centre: up to about 3 px at the
      # edges), and the small sensor's narrow dynamic range greys the white
      # paper (to about 83%) and lifts black to about 13% after crushing the
      # darkest print a little (the darkest 7% clipped to black), colours a
      # little flat; the page on a table (wood, grey laminate or dark wood)
      # with a margin round it, slight perspective, a little soft, mild
      # noise, JPEG 80. The table, the centre's offset and the corners'
      # darkness drawn from SEED and the document. Not harsh: every field
      # stays legible to a person, darker towards the corners but whole.
      f=$docs/$n.vignette.jpg
      local vg=$docs/$n.vg vb vw vh vx vy vs vr dx dy tb
      vb=$(((W < H ? W : H) / 12)); vw=$((W + 2 * vb)); vh=$((H + 2 * vb))
      case $(pick "$n vignette table" "$seed" 3) in
        0) tb='#8b7355' ;;
        1) tb='#9a9894' ;;
        *) tb='#5e4a3a' ;;
      esac
      vx=$((vw / 2 + vw * ($(pick "$n vignette x" "$seed" 13) - 6) / 100))
      vy=$((vh / 2 + vh * ($(pick "$n vignette y" "$seed" 13) - 6) / 100))
      vs=$((30 + $(pick "$n vignette strength" "$seed" 11)))
      dx=$((vx > vw - vx ? vx : vw - vx)); dy=$((vy > vh - vy ? vy : vh - vy))
      vr=$(awk "BEGIN{printf \"%d\", sqrt($dx * $dx + $dy * $dy) + 2}")
      # The vignette: 1 - r^2 from the centre, scaled so the farthest corner is at vs%.
      convert -size "$((2 * vr))x$((2 * vr))" radial-gradient:white-black -negate -evaluate pow 2 -negate \
        -crop "${vw}x${vh}+$((vr - vx))+$((vr - vy))" +repage +level "${vs}%,100%" "$vg-m.png"
      # The page on the table, a little in perspective, the sensor's narrow range.
      convert "$base" -bordercolor "$tb" -border "$vb" -background "$tb" -virtual-pixel background \
        -distort Perspective "0,0 $((vw / 70)),$((vh / 60))  $vw,0 $((vw - vw / 50)),$((vh / 90))  0,$vh $((vw / 90)),$((vh - vh / 70))  $vw,$vh $((vw - vw / 60)),$((vh - vh / 55))" \
        -level 7%,100% +level 13%,83% -modulate 100,82 \
        "$vg-m.png" -compose multiply -composite "$vg-a.png"
      # The lens's lateral colour: red a little larger, blue a little smaller.
      convert "$vg-a.png" -virtual-pixel edge -separate \
        \( -clone 0 -distort SRT "1.0025 0" \) \( -clone 2 -distort SRT "0.9975 0" \) \
        -swap 0,3 -swap 2,4 -delete 3,4 -combine \
        -blur 0x0.7 -seed "$seed" -attenuate 0.35 +noise Gaussian -strip -quality 80 "$f"
      rm -f "$vg-m.png" "$vg-a.png" ;;
    viewfinder)
      # A screenshot of the phone's camera app taken instead of a photo, as
      # patients do by mistake (pressing the side and volume buttons rather
      # than the shutter) and then send (unseen115): the page on a table seen
      # through the live viewfinder, a little soft (the preview is not the
      # photo: Gaussian 0.9-1.4 px at the screen's scale, drawn from SEED and
      # the document), the table (dark wood, grey laminate or pale oak, drawn
      # the same way) round it (a thirtieth of the page's long side beyond each
      # edge, more where the frame's shape leaves it), the page turned up to 1.5 degrees, slight
      # perspective, light falling off, noise; a page wider than tall is seen
      # sideways (the phone turned to fit it; the camera's screen stays
      # upright, so the page lies along the preview, its top to the left or
      # the right, drawn the same way). The preview is the camera's 3:4 frame
      # (1170x1560 on a 1170x2532 screen, the whole page inside it and above
      # the zoom buttons, so they cover only the table) under the
      # camera app's interface: a black top bar with the flash and settings
      # icons, the 3x3 grid over the preview, the zoom buttons 0.5x 1x 2x (1x
      # lit) at its foot, the mode strip (PHOTO lit) and the shutter bar (the
      # last photo's thumbnail, the shutter, the switch-camera button) below
      # it, the home indicator; JPEG 90 as the phone shares a screenshot. Not
      # harsh: every field is inside the view and a person reads it.
      f=$docs/$n.viewfinder.jpg
      local bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf reg=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
      local vf=$docs/$n.vf ang soft tbl M W2 H2 turn=0 PW=1170 PH=1560 PY=330 SW=1170 SH=2532
      ang=$(awk "BEGIN{print ($(pick "$n viewfinder turn" "$seed" 31) - 15) / 10}")
      soft=$(awk "BEGIN{print 0.9 + $(pick "$n viewfinder soft" "$seed" 6) / 10}")
      case $(pick "$n viewfinder table" "$seed" 3) in
        0) tbl='#6f5238' ;;
        1) tbl='#8e9398' ;;
        *) tbl='#c4aa80' ;;
      esac
      if ((W > H)); then
        if (($(pick "$n viewfinder side" "$seed" 2))); then turn=90; else turn=-90; fi
      fi
      M=$(((W > H ? W : H) / 30)); W2=$((W + 2 * M)); H2=$((H + 2 * M))
      convert -size "${W2}x${H2}" xc:"$tbl" -seed "$seed" -attenuate 0.5 +noise Gaussian \
        \( -size "${W}x${H}" xc:black -alpha set -bordercolor none -border "$M" -resize 10% -blur 0x$((M / 40 + 1)) -resize "${W2}x${H2}!" -channel A -evaluate multiply 0.45 +channel -geometry +$((M / 12))+$((M / 8)) \) \
        -compose over -composite \
        "$base" -geometry "+$M+$M" -compose over -composite "$vf-t.png"
      convert "$vf-t.png" -background "$tbl" -virtual-pixel background \
        -distort Perspective "0,0 $((W2 / 60)),$((H2 / 70))  $W2,0 $((W2 - W2 / 80)),$((H2 / 90))  0,$H2 $((W2 / 120)),$((H2 - H2 / 80))  $W2,$H2 $((W2 - W2 / 70)),$((H2 - H2 / 60))" \
        -distort SRT "$ang" +repage -rotate "$turn" +repage \
        -resize "${PW}x$((PH - 190))" -background "$tbl" -gravity center -extent "${PW}x$((PH - 190))" \
        -gravity north -extent "${PW}x${PH}" +gravity \
        \( -size "${PW}x${PH}" radial-gradient:'#ffffff'-'#a8a8a8' \) -compose multiply -composite \
        -blur 0x"$soft" -seed "$seed" -attenuate 0.25 +noise Gaussian "$vf-p.png"
      convert -size "${SW}x${SH}" xc:black "$vf-p.png" -geometry "+0+$PY" -compose over -composite \
        -fill none -stroke 'rgba(255,255,255,0.5)' -strokewidth 2 \
        -draw "line $((PW / 3)),$PY $((PW / 3)),$((PY + PH))" -draw "line $((2 * PW / 3)),$PY $((2 * PW / 3)),$((PY + PH))" \
        -draw "line 0,$((PY + PH / 3)) $PW,$((PY + PH / 3))" -draw "line 0,$((PY + 2 * PH / 3)) $PW,$((PY + 2 * PH / 3))" \
        -stroke white -strokewidth 4 -draw "circle 95,205 95,245" -stroke none -fill white \
        -draw "polygon 100,180 78,210 94,210 88,232 112,198 96,198 104,180" \
        -draw "polygon 565,212 585,192 605,212 599,218 585,204 571,218" \
        -fill none -stroke white -strokewidth 4 -draw "circle 1075,205 1075,245" -draw "circle 1075,205 1075,219" \
        -stroke none -fill white -draw "rectangle 1071,157 1079,169" -draw "rectangle 1071,241 1079,253" -draw "rectangle 1027,201 1039,209" -draw "rectangle 1111,201 1123,209" \
        -fill 'rgba(0,0,0,0.5)' -draw "circle 465,$((PY + PH - 90)) 465,$((PY + PH - 56))" -draw "circle 705,$((PY + PH - 90)) 705,$((PY + PH - 56))" \
        -draw "circle 585,$((PY + PH - 90)) 585,$((PY + PH - 47))" \
        -font "$bold" -gravity North -pointsize 25 -fill white -annotate "-120+$((PY + PH - 106))" "0.5x" -annotate "+120+$((PY + PH - 106))" "2x" \
        -pointsize 29 -fill '#ffd60a' -annotate "+0+$((PY + PH - 108))" "1x" \
        -pointsize 31 -fill '#ffd60a' -annotate "+0+1935" "PHOTO" -fill white -annotate "-200+1935" "VIDEO" -annotate "-430+1935" "SLO-MO" \
        -annotate "+230+1935" "PORTRAIT" -annotate "+450+1935" "PANO" +gravity \
        -fill none -stroke white -strokewidth 9 -draw "circle 585,2215 585,2307" -stroke none -fill white -draw "circle 585,2215 585,2291" \
        -fill '#3a3a3c' -draw "circle 1005,2215 1005,2272" \
        -font "$reg" -pointsize 58 -fill white -gravity North -annotate "+420+2178" "↻" +gravity \
        \( "$vf-p.png" -resize 112x112^ -gravity center -extent 112x112 +gravity \) -geometry +110+2159 -compose over -composite \
        -fill none -stroke white -strokewidth 3 -draw "roundrectangle 110,2159 222,2271 12,12" -stroke none \
        -fill white -draw "roundrectangle 430,2486 740,2496 5,5" \
        -strip -quality 90 "$f"
      rm -f "$vf-t.png" "$vf-p.png" ;;
    reflection)
      # A phone photo of the phone's or laptop's screen showing the page, taken
      # at a slight angle in a lit room (unseen114): the page on the screen in
      # its black glossy bezel (the screen's black a little lifted, its white a
      # little dimmed), and the glossy glass reflecting the room over it: a
      # soft bright patch from a window or lamp (an ellipse, 18-30% of the
      # screen's short side across, blurred, added as light: print under its
      # centre about half as dark as elsewhere, never lost) and the faint dark
      # silhouette of the photographer (head, shoulders and the phone held up
      # in front of the face, soft-edged, darkening the screen to 80-86%, the
      # phone to 72%) over part of it; then the device on a desk or against a
      # wall, turned up to 1.5 degrees, slight perspective, the room's light
      # falling off, softness, noise, JPEG 85, the long side at most 3200 px.
      # The patch's place and size, the silhouette's place and size, the
      # ground, the turn and the perspective drawn from SEED and the document.
      # Not harsh: every field stays legible to a person.
      f=$docs/$n.reflection.jpg
      local rf=$docs/$n.rf BZ SW2 SH2 S gx gy gr sx hy hr sg pg pw ph M RW RH ang gnd px py
      BZ=$(((W < H ? W : H) / 30 + 16))
      SW2=$((W - 80 + 2 * BZ)) SH2=$((H - 80 + 2 * BZ)); S=$((SW2 < SH2 ? SW2 : SH2))
      convert "$base" -shave 40x40 +level 5%,97% -bordercolor '#0d0d10' -border "$BZ" "$rf-dev.png"
      # The photographer: head, shoulders and the phone, soft and faint.
      sx=$((SW2 * (32 + $(pick "$n reflection sx" "$seed" 37)) / 100))
      hr=$((S * (13 + $(pick "$n reflection hr" "$seed" 6)) / 100))
      hy=$((SH2 * (50 + $(pick "$n reflection hy" "$seed" 18)) / 100))
      sg=$((80 + $(pick "$n reflection dark" "$seed" 7)))
      pw=$((hr * 11 / 10)) ph=$((hr * 19 / 10))
      px=$((sx + hr / 3 - pw / 2)) py=$((hy - ph / 3))
      convert -size "${SW2}x${SH2}" xc:white -fill "gray($sg%)" \
        -draw "ellipse $sx,$hy $hr,$((hr * 6 / 5)) 0,360" \
        -draw "ellipse $sx,$((hy + hr * 27 / 10)) $((hr * 3)),$((hr * 17 / 10)) 0,360" \
        -draw "rectangle $((sx - hr / 3)),$hy $((sx + hr / 3)),$((hy + hr * 2))" \
        -fill 'gray(72%)' -draw "roundrectangle $px,$py $((px + pw)),$((py + ph)) $((pw / 8)),$((pw / 8))" \
        -resize 12.5% -blur "0x$((hr / 48 + 1))" -resize "${SW2}x${SH2}!" "$rf-sil.png"
      # The window's or lamp's bright patch.
      gx=$((SW2 * (12 + $(pick "$n reflection gx" "$seed" 77)) / 100))
      gy=$((SH2 * (10 + $(pick "$n reflection gy" "$seed" 41)) / 100))
      gr=$((S * (9 + $(pick "$n reflection gr" "$seed" 7)) / 100))
      convert -size "${SW2}x${SH2}" xc:black -fill 'gray(56%)' \
        -draw "ellipse $gx,$gy $gr,$((gr * 7 / 10)) 0,360" -resize 12.5% -blur "0x$((gr / 16 + 1))" -resize "${SW2}x${SH2}!" \
        \( -size "${SH2}x${SW2}" gradient:'gray(9%)'-black -rotate 90 -resize "${SW2}x${SH2}!" \) -compose plus -composite "$rf-glare.png"
      convert "$rf-dev.png" "$rf-sil.png" -compose multiply -composite "$rf-glare.png" -compose screen -composite "$rf-refl.png"
      # The device on its ground, turned, in perspective, the room's light.
      case $(pick "$n reflection ground" "$seed" 3) in
        0) gnd='#6b5443' ;;
        1) gnd='#8c9096' ;;
        *) gnd='#c9c1b4' ;;
      esac
      M=$(((SW2 > SH2 ? SW2 : SH2) / 14)); RW=$((SW2 + 2 * M)) RH=$((SH2 + 2 * M))
      ang=$(awk -v p="$(pick "$n reflection turn" "$seed" 31)" 'BEGIN{printf "%.1f", (p - 15) / 10}')
      px=$((RW / (40 + $(pick "$n reflection persp" "$seed" 30))))
      convert -size "${RW}x${RH}" xc:"$gnd" -seed "$seed" -attenuate 0.4 +noise Gaussian \
        \( "$rf-refl.png" -background none -rotate "$ang" \( +clone -background black -shadow 45x10+6+8 \) +swap -background none -layers merge +repage \) \
        -gravity center -compose over -composite +gravity \
        -virtual-pixel edge -distort Perspective "0,0 $px,$((RH / 60))  $RW,0 $((RW - px / 3)),0  0,$RH 0,$((RH - RH / 80))  $RW,$RH $((RW - px)),$((RH - RH / 50))" \
        \( -size "${RW}x${RH}" xc: -sparse-color Barycentric "0,0 #ffffff $RW,$RH #b4b0aa" \) -compose multiply -composite \
        -blur 0x0.7 -resize '3200x3200>' -seed "$seed" -attenuate 0.3 +noise Gaussian "$rf-out.png"
      convert "$rf-out.png" -strip -quality 85 "$f"
      if (($(stat -c %s "$f") >= 3900000)); then convert "$rf-out.png" -strip -quality 72 "$f"; fi
      rm -f "$rf"-*.png ;;
    mms)
      # An image that went through an MMS or a messaging app's data-saver
      # mode (unseen122), as relatives forward a photo or a screenshot to
      # each other: the carrier's MMS gateway (or the app's "low data"
      # setting) shrinks it to 800-1000 px on its long side with a plain
      # bilinear filter and saves it as a heavily compressed JPEG (quality
      # 25-35: visible 8x8 blocks, ringing beside strokes and colour bleeding
      # round the print), chroma halved (4:2:0), metadata dropped; the size
      # and the quality drawn from SEED and the document. Not harsh: every
      # field stays legible to a person, blocky at its edges.
      f=$docs/$n.mms.jpg
      local ml mq
      ml=$((800 + $(pick "$n mms size" "$seed" 201)))
      mq=$((25 + $(pick "$n mms quality" "$seed" 11)))
      convert "$base" -filter Triangle -resize "${ml}x${ml}>" +filter \
        -sampling-factor 4:2:0 -strip -quality "$mq" "$f" ;;
    exifwrong)
      # A phone photo whose pixels are stored already upright but whose EXIF
      # Orientation tag wrongly says to turn it a quarter turn (unseen123),
      # as some gallery and editing apps write it after the patient turned
      # the photo: they rotate the pixels and keep the camera's old tag, so
      # a viewer that honours the tag shows the page sideways. The photo:
      # slight perspective, light falling off, a little softness and noise,
      # JPEG 85; then the tag, 6 (turn clockwise) or 8 (turn anticlockwise),
      # drawn from SEED and the document. Not harsh: every field is legible
      # to a person who turns their head (or ignores the tag).
      f=$docs/$n.exifwrong.jpg
      local eo
      eo=$((6 + 2 * $(pick "$n exifwrong tag" "$seed" 2)))
      convert "$base" -background '#8c8c8c' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 50)),$((H / 45))  $W,0 $((W - W / 60)),$((H / 80))  0,$H $((W / 70)),$((H - H / 40))  $W,$H $((W - W / 35)),$((H - H / 50))" \
        \( -size "${W}x${H}" xc: -sparse-color Barycentric "0,0 #ffffff $W,$H #c2c2c2" \) -compose multiply -composite \
        -blur 0x0.5 -seed "$seed" -attenuate 0.25 +noise Gaussian -quality 85 "$f"
      exiftool -q -overwrite_original -Orientation="$eo" -n "$f" ;;
    gutter)
      # A flatbed scan of the page as it sits in a stapled booklet or a bound
      # record book opened flat on the glass (unseen118), as patients scan a
      # report, a thread they printed and stapled or a page of a pharmacy's
      # incident or delivery book: the page at 200, 250 or 300 dpi (drawn
      # from SEED and the document) with its paper round the print; along
      # the bound side (left or right, drawn the same way) the page curves
      # down off the glass into the binding over the last 18-24% of its
      # width, so there the print is squeezed across (up to about a fifth
      # of that band) and shrinks towards the page's middle height (up to
      # 6-9% at the binding), which bends the lines, and it darkens towards
      # the binding's shadow (the paper at about 60% at the print's edge,
      # a quarter at the binding); beyond the binding's dark crease a strip
      # of the facing page (4% of the width, its own print faint and
      # blurred) runs off the edge of the scan; the other margins the
      # lid's clean white. A turn of up to 0.5 degrees, the scanner's
      # slight softness and noise, JPEG 88 (80 where it would pass the
      # upload limit) with the scan's resolution in its header. Not harsh:
      # every field stays legible to a person, darker and narrower near
      # the binding but whole.
      f=$docs/$n.gutter.jpg
      local gd=$docs/$n.gut gi gdpi gside gB gD gS gSY gmg gFW gCW gang gstub
      rm -rf "$gd" && mkdir -p "$gd"
      gdpi=$((200 + 50 * $(pick "$n gutter dpi" "$seed" 3)))
      gside=$(pick "$n gutter side" "$seed" 2)
      # The page screenshots are at about 192 dpi (CSS pixels at 2x); the
      # booklet's paper round the print; turned so the binding is on the
      # left while it is drawn (turned back at the end).
      convert "$base" -resize "$((gdpi * 100 / 192))%" "$gd/p0.png"
      W=$(identify -format %w "$gd/p0.png"); H=$(identify -format %h "$gd/p0.png")
      gmg=$((W / 28))
      if ((gside)); then
        convert "$gd/p0.png" -bordercolor '#fbfaf7' -border "$gmg" -flop "$gd/p.png"
      else
        convert "$gd/p0.png" -bordercolor '#fbfaf7' -border "$gmg" "$gd/p.png"
      fi
      W=$((W + 2 * gmg)); H=$((H + 2 * gmg))
      gB=$((W * (18 + $(pick "$n gutter band" "$seed" 7)) / 100))
      gD=$((gB * 20 / 100))
      gS=$((6 + $(pick "$n gutter shrink" "$seed" 4)))
      gSY=$((H * gS / 200))
      # Displacement (ImageMagick's displace: the output at x samples the
      # page at x + (2v-1) times the scale): across, the band squeezed
      # towards the binding (u, 0 at the band's edge, 1 at the binding;
      # the page sampled u^2 times gD further towards the binding); down,
      # the rows sampled further from the middle by u^2 times gS%.
      convert -size "${W}x1" xc: -fx "gq=max(0,($gB-i)/$gB); 0.5-0.5*gq*gq" -scale "${W}x${H}!" "$gd/xm.png"
      convert -size "$((W / 8))x$((H / 8))" xc: -fx "gq=max(0,($gB/8-i)/($gB/8)); 0.5+0.5*((j-h/2)/(h/2))*gq*gq" \
        -resize "${W}x${H}!" "$gd/ym.png"
      # The shadow: the paper darkening towards the binding.
      convert -size "${W}x1" xc: -fx "gq=max(0,($gB-i)/$gB); 1-0.75*pow(gq,2.6)" -scale "${W}x${H}!" "$gd/sh.png"
      convert "$gd/p.png" "$gd/xm.png" "$gd/ym.png" -background '#f4f4f2' -virtual-pixel background \
        -define compose:args="${gD}x${gSY}" -compose displace -composite \
        "$gd/sh.png" -compose multiply -composite "$gd/pd.png"
      # The facing page's strip beyond the binding's crease: its paper dark
      # at the binding, lighter at the scan's edge, a few lines of its own
      # print faint and blurred.
      gFW=$((W * 4 / 100)); gCW=$((W / 90 > 4 ? W / 90 : 4))
      gstub=""
      for ((gi = H / 9; gi < H * 8 / 9; gi += H / 34)); do gstub+="rectangle 0,$gi $((gFW * (40 + (gi * 7) % 30) / 100)),$((gi + H / 260 + 2)) "; done
      convert \( -size "${H}x${gFW}" gradient:'#d6d4cf'-'#2c2c2c' -rotate -90 \) \
        \( -size "${gFW}x${H}" xc:white -fill '#8a8a8a' -draw "$gstub" -blur 0x2 \) -compose multiply -composite \
        \( -size "${gCW}x${H}" xc:'#1a1a1a' \) \( "$gd/pd.png" \) -background '#1a1a1a' +append \
        -blur 0x0.6 "$gd/all.png"
      if ((gside)); then
        convert "$gd/all.png" -flop -background "#f4f4f2" -bordercolor '#f4f4f2' -border "0x$((gmg * 2))" -gravity west -splice "$((gmg * 2))x0" "$gd/all2.png"
      else
        convert "$gd/all.png" -background "#f4f4f2" -bordercolor '#f4f4f2' -border "0x$((gmg * 2))" -gravity east -splice "$((gmg * 2))x0" "$gd/all2.png"
      fi
      gang=$(awk -v p="$(pick "$n gutter turn" "$seed" 6)" -v s="$(pick "$n gutter sign" "$seed" 2)" 'BEGIN{printf "%.1f", p / 10 * (s ? 1 : -1)}')
      convert "$gd/all2.png" -background '#f4f4f2' -rotate "$gang" +repage -blur 0x0.5 -seed "$seed" -attenuate 0.15 +noise Gaussian \
        -units PixelsPerInch -density "$gdpi" "$gd/out.png"
      convert "$gd/out.png" -quality 88 "$f"
      if (($(stat -c %s "$f") >= 3900000)); then convert "$gd/out.png" -quality 80 "$f"; fi
      if (($(stat -c %s "$f") >= 3900000)); then convert "$gd/out.png" -quality 70 "$f"; fi
      rm -rf "$gd" ;;
    tvcast)
      # A phone photo of the page cast from a phone to a living-room TV and
      # photographed from the sofa (unseen121), as patients do who show a
      # relative an app's order or a delivery e-mail on the big screen: the
      # page fitted in the TV's 16:9 panel (a portrait page between black bars,
      # as screen mirroring shows a phone), at most 1.4 times its size, sent as
      # the cast's 1600 px wide stream and scaled up again by the TV (soft),
      # the panel's black glowing a little and its white a little dimmed, faint
      # horizontal banding from the panel (a fine band of 26-45 px and a broad
      # one of about a third of the screen, each 3-4% deep), a broad window's
      # reflection across part of the screen (a soft bright pane with its
      # glazing bars, 30-48% of the screen wide, added as light at 22-32%: the
      # print under it greyer, never lost); the TV's dark bezel, its feet on a
      # wooden unit with a soundbar, the wall round it; then the photo from the
      # sofa: slight perspective, turned up to 1.5 degrees, the room's light
      # falling off to the corners, softness, noise, JPEG 85. The reflection's
      # place, width and strength, the bands, the wall's colour, the turn and
      # the perspective drawn from SEED and the document. Not harsh: every field
      # stays legible to a person.
      f=$docs/$n.tvcast.jpg
      local tv=$docs/$n.tv TW=2400 TH=1350 sc P Q ph1 ph2 gx gw gs wall T2W T2H RW RH tx ty ux uw ang pl pr
      sc=$(awk -v w="$W" -v h="$H" -v tw="$TW" -v th="$TH" 'BEGIN{s=tw*0.97/w; if (th*0.97/h < s) s=th*0.97/h; if (s > 1.4) s=1.4; printf "%.3f", s*100}')
      convert -size "${TW}x${TH}" xc:'#050507' \( "$base" -resize "${sc}%" \) -gravity center -compose over -composite +gravity \
        -resize 1600x900\! -quality 80 "$tv-stream.jpg"
      P=$((26 + $(pick "$n tvcast band" "$seed" 20))) Q=$((TH / 3 + $(pick "$n tvcast broad" "$seed" 120)))
      ph1=$(pick "$n tvcast ph1" "$seed" 628) ph2=$(pick "$n tvcast ph2" "$seed" 628)
      convert -size "1x${TH}" xc: -fx "1-0.035*(0.5+0.5*sin(2*pi*j/$P+$ph1/100))-0.03*(0.5+0.5*sin(2*pi*j/$Q+$ph2/100))" \
        -scale "${TW}x${TH}!" "$tv-band.png"
      # The window: a bright pane with glazing bars, seen at an angle, very soft.
      gw=$((TW * (30 + $(pick "$n tvcast gw" "$seed" 19)) / 100))
      gx=$((TW * (4 + $(pick "$n tvcast gx" "$seed" 60)) / 100 - gw / 4))
      gs=$((22 + $(pick "$n tvcast gs" "$seed" 11)))
      convert -size "${TW}x${TH}" xc:black -fill "gray($gs%)" \
        -draw "polygon $gx,$((TH / 12)) $((gx + gw)),0 $((gx + gw + gw / 5)),$TH $((gx + gw / 6)),$TH" \
        -fill "gray($((gs * 55 / 100))%)" -draw "polygon $((gx + gw / 2 - 14)),0 $((gx + gw / 2 + 14)),0 $((gx + gw / 2 + gw / 10 + 14)),$TH $((gx + gw / 2 + gw / 10 - 14)),$TH" \
        -draw "rectangle $gx,$((TH * 45 / 100)) $((gx + gw + gw / 8)),$((TH * 45 / 100 + 24))" \
        -resize 12.5% -blur 0x6 -resize "${TW}x${TH}!" \
        \( -size "${TH}x${TW}" gradient:'gray(7%)'-'gray(2%)' -rotate 90 -resize "${TW}x${TH}!" \) -compose plus -composite "$tv-glare.png"
      convert "$tv-stream.jpg" -resize "${TW}x${TH}!" -blur 0x0.9 +level 4%,93% "$tv-band.png" -compose multiply -composite \
        "$tv-glare.png" -compose screen -composite \
        -bordercolor '#121215' -border 30 -bordercolor '#2c2c31' -border 4 "$tv-set.png"
      T2W=$((TW + 68)) T2H=$((TH + 68))
      RW=$((T2W * 136 / 100)) RH=$((T2H * 160 / 100)) tx=$(((RW - T2W) / 2)) ty=$((T2H * 14 / 100))
      case $(pick "$n tvcast wall" "$seed" 3) in
        0) wall='#cbbfa8' ;;
        1) wall='#a3b2a4' ;;
        *) wall='#b9bec7' ;;
      esac
      ux=$((RW * 5 / 100)) uw=$((RW * 90 / 100))
      local uy=$((ty + T2H + 70))
      convert -size "${RW}x${RH}" xc:"$wall" -seed "$seed" -attenuate 0.25 +noise Gaussian \
        \( -size "${RW}x${RH}" gradient:'gray(100%)'-'gray(78%)' \) -compose multiply -composite \
        -depth 8 "$tv-wall.miff"
      # The TV's soft shadow on the wall (drawn small and scaled up: quick).
      convert "$tv-wall.miff" \( -size "$((RW / 10))x$((RH / 10))" xc:black -fill 'gray(35%)' \
        -draw "rectangle $(((tx + 20) / 10)),$(((ty + 30) / 10)) $(((tx + T2W + 20) / 10)),$(((ty + T2H + 30) / 10))" -blur 0x3 -negate -resize "${RW}x${RH}!" \) \
        -compose multiply -composite \
        -fill '#1a1a1c' -draw "polygon $((tx + T2W / 5)),$((ty + T2H)) $((tx + T2W / 5 + 30)),$((ty + T2H)) $((tx + T2W / 5 + 60)),$uy $((tx + T2W / 5 - 40)),$uy" \
        -draw "polygon $((tx + T2W * 4 / 5 - 30)),$((ty + T2H)) $((tx + T2W * 4 / 5)),$((ty + T2H)) $((tx + T2W * 4 / 5 + 40)),$uy $((tx + T2W * 4 / 5 - 60)),$uy" \
        -fill '#5b4332' -draw "rectangle $ux,$uy $((ux + uw)),$RH" -fill '#7a5c45' -draw "rectangle $ux,$uy $((ux + uw)),$((uy + 16))" \
        -fill '#222226' -draw "roundrectangle $((RW / 2 - T2W / 4)),$((uy - 60)) $((RW / 2 + T2W / 4)),$((uy - 2)) 18,18" \
        "$tv-set.png" -geometry "+$tx+$ty" -compose over -composite -depth 8 "$tv-room.miff"
      ang=$(awk -v p="$(pick "$n tvcast turn" "$seed" 31)" 'BEGIN{printf "%.1f", (p - 15) / 10}')
      pl=$((RH / (30 + $(pick "$n tvcast pl" "$seed" 40)))) pr=$((RH / (30 + $(pick "$n tvcast pr" "$seed" 40))))
      convert "$tv-room.miff" \( -size 340x220 radial-gradient:'gray(100%)'-'gray(56%)' -resize "${RW}x${RH}!" \) -compose multiply -composite \
        -virtual-pixel edge \
        -distort Perspective "0,0 0,$pl  $RW,0 $RW,$pr  0,$RH 0,$((RH - pl / 2))  $RW,$RH $RW,$((RH - pr / 2))" \
        -rotate "$ang" +repage -gravity center -crop "$((RW * 96 / 100))x$((RH * 95 / 100))+0+0" +repage +gravity \
        -blur 0x0.8 -resize '3400x3400>' -seed "$seed" -attenuate 0.35 +noise Gaussian "$tv-out.png"
      convert "$tv-out.png" -strip -quality 85 "$f"
      if (($(stat -c %s "$f") >= 3900000)); then convert "$tv-out.png" -strip -quality 72 "$f"; fi
      rm -f "$tv"-*.png "$tv"-*.jpg "$tv"-*.miff ;;
    greyscreen)
      # A phone screenshot taken with the phone's greyscale or bedtime mode on
      # (unseen124), as people who wind down at night keep it (Bedtime or
      # Wind Down turning the screen grey, a "grayscale" colour filter, the
      # white point reduced): the whole screen in shades of grey, its colours
      # gone by their luminance (Rec. 709), and slightly dimmed: the white
      # at 80-90% of full, the black lifted to 2-5% (both drawn from SEED and
      # the document). The status bar and the app's own bars are part of the
      # screenshot and grey with it. A screenshot: lossless PNG, RGB, no
      # noise. Not harsh: every stroke and its contrast within the grey stay;
      # a brand colour and a low-contrast grey may come out close, but every
      # field stays legible to a person.
      f=$docs/$n.greyscreen.png
      local gw gb
      gw=$((80 + $(pick "$n greyscreen white" "$seed" 11)))
      gb=$((2 + $(pick "$n greyscreen black" "$seed" 4)))
      convert "$base" -grayscale Rec709Luma +level "${gb}%,${gw}%" -type TrueColor "PNG24:$f" ;;
    viewangle)
      # A phone photo of the page shown on a laptop screen, taken from well
      # off to one side and below (unseen125), as patients photograph what
      # they have open on the laptop rather than send the file: the page
      # shown in the laptop's 16:10 panel (padded with the viewer's grey where
      # it is narrower or wider), the panel's dark bezel with its camera dot
      # and the keyboard deck's silver edge below; seen 35-45 degrees off
      # axis, so the LCD's contrast fades (the black lifted to a grey, the
      # white dimmed) and its colours shift, more towards the panel's far
      # edge (a violet-blue or a yellow cast, 20-30%, at that edge), and the
      # page is strongly foreshortened: squeezed across by the angle's cosine,
      # the far edge shorter and the top (further from a camera below)
      # narrower. The side the camera stands, the angle and the cast are
      # drawn from SEED and the document; then the room round the laptop
      # (dark), light falling off, slight defocus, noise, JPEG 85 (72 when
      # over the upload limit). Not harsh: every line stays legible to a
      # person, the far side greyer and smaller but plain.
      f=$docs/$n.viewangle.jpg
      local va=$docs/$n.va vside vang vtint vcast SW SH PW PH BZ DW2 DH2 OW OH
      vside=$(pick "$n viewangle side" "$seed" 2)
      vang=$((35 + $(pick "$n viewangle angle" "$seed" 11)))
      vcast=$((20 + $(pick "$n viewangle cast" "$seed" 11)))
      if (($(pick "$n viewangle tint" "$seed" 2) == 0)); then vtint='#8f7fff'; else vtint='#ffd860'; fi
      # The panel: 16:10 round the page.
      PW=$W PH=$H
      if ((PW * 10 < PH * 16)); then SW=$((PH * 16 / 10)) SH=$PH; else SW=$PW SH=$((PW * 10 / 16)); fi
      SW=$((SW + W / 20)) SH=$((SH + W / 32))
      convert "$base" -background '#e9eaec' -gravity center -extent "${SW}x${SH}" +gravity "$va-panel.png"
      # The fade: near side a little flatter, far side flat and cast.
      convert "$va-panel.png" +level 7%,95% "$va-near.png"
      convert "$va-panel.png" +level 30%,84% -fill "$vtint" -colorize "$vcast%" "$va-far.png"
      if ((vside == 0)); then
        convert -size "${SH}x${SW}" gradient:white-black -rotate -90 "$va-mask.png"
      else
        convert -size "${SH}x${SW}" gradient:black-white -rotate -90 "$va-mask.png"
      fi
      BZ=$((SW / 40))
      convert "$va-far.png" "$va-near.png" "$va-mask.png" -compose over -composite \
        -bordercolor '#111214' -border "$BZ" \
        -fill '#2c2f36' -draw "circle $((SW / 2 + BZ)),$((BZ / 2)) $((SW / 2 + BZ + BZ / 6)),$((BZ / 2))" \
        -gravity south -background '#a4a7ad' -splice "0x$((BZ * 2))" +gravity "$va-screen.png"
      DW2=$((SW + 2 * BZ)) DH2=$((SH + 4 * BZ))
      # Foreshortened: squeezed by cos(angle), then the far edge and the top
      # drawn in.
      OW=$(awk -v w="$DW2" -v a="$vang" 'BEGIN{printf "%d", w * cos(a * 3.14159265 / 180)}')
      OH=$DH2
      read -r x0 y0 x1 y1 x2 y2 x3 y3 < <(awk -v w="$OW" -v h="$OH" -v a="$vang" -v s="$vside" 'BEGIN{
        k = a / 100; tl = w * k * 0.22; tr = w * (1 - k * 0.12); ty0 = h * k * 0.06; ty1 = h * k * 0.42
        by1 = h * (1 - k * 0.30)
        if (s == 0) printf "%d %d %d %d %d %d %d %d\n", tl, ty0, tr, ty1, w * (1 - k * 0.02), by1, 0, h
        else printf "%d %d %d %d %d %d %d %d\n", w - tr, ty1, w - tl, ty0, w, h, w * k * 0.02, by1 }')
      local RM=$((OW / 10))
      convert "$va-screen.png" -resize "${OW}x${OH}!" -background '#1d1b1a' -virtual-pixel background \
        -distort Perspective "0,0 $x0,$y0  $OW,0 $x1,$y1  $OW,$OH $x2,$y2  0,$OH $x3,$y3" \
        -bordercolor '#1d1b1a' -border "$RM" \
        \( +clone -sparse-color Barycentric "0,0 #b8b8b8 %[fx:w],%[fx:h] #ffffff" \) -compose multiply -composite \
        -blur 0x0.7 -resize '4000x4000>' -seed "$seed" -attenuate 0.3 +noise Gaussian "$va-out.png"
      convert "$va-out.png" -strip -quality 85 "$f"
      if (($(stat -c %s "$f") >= 3900000)); then convert "$va-out.png" -strip -quality 72 "$f"; fi
      rm -f "$va"-*.png ;;
    ultrahdr)
      # The photo as a recent phone saves it in HDR (unseen155): Android's
      # Ultra HDR (a JPEG with a gain map) or an iPhone's HDR photo saved as
      # JPEG: a primary SDR JPEG, the photo as a person sees it, followed in
      # the same file by a second, smaller JPEG, the gain map (grey, brighter
      # where the scene's highlights were), joined by an MPF index (APP2
      # "MPF\0": two images, the second's size and offset) and XMP (APP1):
      # on Android the primary's hdrgm:Version and Container directory
      # (Primary, GainMap with its length) and the gain map's hdrgm
      # parameters, as the Ultra HDR format spec writes them; on an iPhone
      # the gain map's apple HDRGainMap XMP. The photo: the page on a table,
      # turned up to 1.5 degrees, slight perspective, light falling off to
      # about 78% at the far corner, noise, in a 4080x3072 frame (stored
      # upright for a page taller than wide). The flavour (Android or
      # iPhone), the gain map's size (1/2 or 1/4 of the primary's) and its
      # JPEG quality (70-90), the primary's quality (85-94) and the turn
      # drawn from SEED and the document; under the 4,000,000-byte upload
      # limit (the primary's quality lowered by 4 while it is not). ImageMagick
      # makes the two JPEGs, python3 splices the segments in. Checked with
      # exiftool (the MPF and XMP groups present, two images, the second
      # extracted and decoded) and identify (the file decodes). Not harsh:
      # the primary is an ordinary, legible photo.
      f=$docs/$n.ultrahdr.jpg
      local up=$docs/$n.uhdr uturn uq ugq udiv uflav FW=4080 FH=3072 PW PH
      uturn=$(awk "BEGIN{print ($(pick "$n ultrahdr turn" "$seed" 31) - 15) / 10}")
      uq=$((85 + $(pick "$n ultrahdr quality" "$seed" 10)))
      ugq=$((70 + $(pick "$n ultrahdr gainmap quality" "$seed" 21)))
      udiv=$((2 * (1 + $(pick "$n ultrahdr gainmap size" "$seed" 2))))
      uflav=$(pick "$n ultrahdr flavour" "$seed" 2)
      ((H > W)) && FW=3072 FH=4080
      PW=$((FW * 86 / 100)) PH=$((FH * 86 / 100))
      convert -size "${FW}x${FH}" xc:'#847565' -seed "$seed" -attenuate 0.25 +noise Gaussian \
        \( "$base" -resize "${PW}x${PH}" -background '#847565' -rotate "$uturn" \) -gravity center -compose over -composite +gravity \
        -distort Perspective "0,0 $((FW / 45)),$((FH / 50))  $FW,0 $((FW - FW / 70)),$((FH / 90))  0,$FH $((FW / 85)),$((FH - FH / 45))  $FW,$FH $((FW - FW / 36)),$((FH - FH / 60))" \
        \( -size "${FW}x${FH}" xc: -sparse-color Barycentric "0,0 #ffffff $FW,$FH #c6c6c6" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.15 +noise Gaussian "$up.miff"
      # The gain map: the scene's luminance, highlights lifted, softened,
      # at a half or a quarter of the primary's size.
      convert "$up.miff" -colorspace Gray -level 35%,100% -blur 0x3 -resize "$((100 / udiv))%" \
        -strip -sampling-factor 1x1 -quality "$ugq" "$up.gain.jpg"
      while :; do
        convert "$up.miff" -strip -sampling-factor 2x2 -quality "$uq" "$up.primary.jpg"
        python3 - "$up.primary.jpg" "$up.gain.jpg" "$f" "$uflav" <<'PYEOF'
import struct, sys
prim, gain, out, flav = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
p, g = open(prim, "rb").read(), open(gain, "rb").read()
assert p[:2] == g[:2] == b"\xff\xd8"
def app(marker, payload):
    return b"\xff" + bytes([marker]) + struct.pack(">H", len(payload) + 2) + payload
XMPNS = b"http://ns.adobe.com/xap/1.0/\x00"
def xmp(body):
    return app(0xE1, XMPNS + ('<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 5.1.2">'
        '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' + body +
        '</rdf:RDF></x:xmpmeta>').encode())
if flav == 0:
    # Android Ultra HDR: the gain map's own hdrgm parameters.
    gx = xmp('<rdf:Description rdf:about="" xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/" '
             'hdrgm:Version="1.0" hdrgm:GainMapMin="0" hdrgm:GainMapMax="2.3" hdrgm:Gamma="1" '
             'hdrgm:OffsetSDR="0.015625" hdrgm:OffsetHDR="0.015625" hdrgm:HDRCapacityMin="0" '
             'hdrgm:HDRCapacityMax="2.3" hdrgm:BaseRenditionIsHDR="False"/>')
else:
    # iPhone: the gain map described in Apple's HDRGainMap namespace.
    gx = xmp('<rdf:Description rdf:about="" xmlns:HDRGainMap="http://ns.apple.com/HDRGainMap/1.0/" '
             'HDRGainMap:HDRGainMapVersion="65536" HDRGainMap:HDRGainMapHeadroom="2.3"/>')
gfinal = g[:2] + gx + g[2:]
if flav == 0:
    px = xmp('<rdf:Description rdf:about="" xmlns:Container="http://ns.google.com/photos/1.0/container/" '
             'xmlns:Item="http://ns.google.com/photos/1.0/container/item/" '
             'xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/" hdrgm:Version="1.0">'
             '<Container:Directory><rdf:Seq>'
             '<rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg"/></rdf:li>'
             f'<rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="GainMap" Item:Mime="image/jpeg" Item:Length="{len(gfinal)}"/></rdf:li>'
             '</rdf:Seq></Container:Directory></rdf:Description>')
else:
    px = xmp('<rdf:Description rdf:about="" xmlns:HDRGainMap="http://ns.apple.com/HDRGainMap/1.0/" '
             'HDRGainMap:HDRGainMapVersion="65536"/>')
def mpf(primary_size, gain_offset):
    # TIFF header (big-endian), one IFD: MPFVersion, NumberOfImages, MPEntry;
    # then the two 16-byte MP entries. Offsets count from the TIFF header.
    ifd_entries = 3
    entries_off = 8 + 2 + ifd_entries * 12 + 4
    t = b"MM\x00\x2a" + struct.pack(">I", 8) + struct.pack(">H", ifd_entries)
    t += struct.pack(">HHI4s", 0xB000, 7, 4, b"0100")
    t += struct.pack(">HHII", 0xB001, 4, 1, 2)
    t += struct.pack(">HHII", 0xB002, 7, 32, entries_off)
    t += struct.pack(">I", 0)
    t += struct.pack(">IIIHH", 0x20030000, primary_size, 0, 0, 0)
    t += struct.pack(">IIIHH", 0x00000000, len(gfinal), gain_offset, 0, 0)
    return app(0xE2, b"MPF\x00" + t)
head = p[:2] + px
size_mpf = len(mpf(0, 0))
primary_size = len(p) + len(px) + size_mpf
tiff_start = len(head) + 4 + 4          # marker, length, "MPF\0"
mp = mpf(primary_size, primary_size - tiff_start)
assert len(mp) == size_mpf
final = head + mp + p[2:]
assert len(final) == primary_size
open(out, "wb").write(final + gfinal)
PYEOF
        (($(stat -c %s "$f") < 4000000 || uq <= 60)) && break
        uq=$((uq - 4))
      done
      local ninfo
      ninfo=$(exiftool -a -G1 -s -MPF:NumberOfImages -XMP:all "$f")
      grep -q 'NumberOfImages *: 2' <<<"$ninfo" && grep -Eq 'HDRGainMapVersion|Version *: 1.0' <<<"$ninfo" ||
        { echo "heldout: $s $n ultrahdr: $f has no MPF index of two images or no gain-map XMP" >&2; exit 1; }
      exiftool -b -MPImage2 "$f" >"$up.check.jpg" && identify "$up.check.jpg" >/dev/null 2>&1 ||
        { echo "heldout: $s $n ultrahdr: the gain map in $f does not decode" >&2; exit 1; }
      identify "$f" >/dev/null 2>&1 || { echo "heldout: $s $n ultrahdr: $f does not decode" >&2; exit 1; }
      rm -f "$up.miff" "$up.primary.jpg" "$up.gain.jpg" "$up.check.jpg" ;;
    webpsave)
      # The image saved from a browser, a web mail or a social app that
      # serves WebP, and that file uploaded as it is (unseen129), as patients
      # do who long-press a picture in a web page, a web mail's attachment
      # viewer or a social app and "Save image": a phone photo of the page
      # (slight perspective, light falling off, noise) or a screenshot of it
      # (which of the two drawn from SEED and the document), scaled to 1080
      # or 1280 px on its long side (drawn the same way) and written as lossy
      # WebP at quality 70-80 (drawn the same way), metadata dropped, the
      # file named .webp. Not harsh: every field stays legible to a person.
      f=$docs/$n.webpsave.webp
      local wkind wlong wq
      wkind=$(pick "$n webpsave kind" "$seed" 2)
      wlong=$((1080 + 200 * $(pick "$n webpsave size" "$seed" 2)))
      wq=$((70 + $(pick "$n webpsave quality" "$seed" 11)))
      if ((wkind == 0)); then
        convert "$base" -background '#8e8a84' -virtual-pixel background \
          -distort Perspective "0,0 $((W / 45)),$((H / 50))  $W,0 $((W - W / 70)),$((H / 90))  0,$H $((W / 80)),$((H - H / 45))  $W,$H $((W - W / 38)),$((H - H / 40))" \
          \( -size "${W}x${H}" xc: -sparse-color Barycentric "0,0 #ffffff $W,$H #c6c6c6" \) -compose multiply -composite \
          -seed "$seed" -attenuate 0.2 +noise Gaussian "$docs/$n.wsave.png"
      else
        cp "$base" "$docs/$n.wsave.png"
      fi
      convert "$docs/$n.wsave.png" -resize "${wlong}x${wlong}" -strip -quality "$wq" -define webp:method=4 "webp:$f"
      rm -f "$docs/$n.wsave.png" ;;
    avifshare)
      # The image as a recent Android phone or a browser shares it
      # (unseen134): the share sheet, a browser's "Save image" or a gallery
      # that keeps AVIF hands on an .avif file, and the patient uploads that:
      # a phone photo of the page (slight perspective, light falling off to
      # about 80% at the far corner, noise) or a screenshot of it (which of
      # the two drawn from SEED and the document), scaled to 1600 px on its
      # long side and written as AVIF (AV1 in HEIF, 4:2:0) at quality 50-65
      # (drawn the same way), metadata dropped, the file named .avif. The
      # file's ftyp brand is checked to be avif (ImageMagick 6's identify
      # names the libheif coder, HEIC; `identify avif:FILE` says AVIF). Not
      # harsh: every field stays legible to a person.
      f=$docs/$n.avifshare.avif
      local akind aq
      akind=$(pick "$n avifshare kind" "$seed" 2)
      aq=$((50 + $(pick "$n avifshare quality" "$seed" 16)))
      if ((akind == 0)); then
        convert "$base" -background '#8c8780' -virtual-pixel background \
          -distort Perspective "0,0 $((W / 48)),$((H / 55))  $W,0 $((W - W / 64)),$((H / 85))  0,$H $((W / 90)),$((H - H / 48))  $W,$H $((W - W / 40)),$((H - H / 42))" \
          \( -size "${W}x${H}" xc: -sparse-color Barycentric "0,0 #ffffff $W,$H #cccccc" \) -compose multiply -composite \
          -seed "$seed" -attenuate 0.2 +noise Gaussian "$docs/$n.ashare.png"
      else
        cp "$base" "$docs/$n.ashare.png"
      fi
      convert "$docs/$n.ashare.png" -resize 1600x1600 -strip -quality "$aq" "avif:$f"
      rm -f "$docs/$n.ashare.png"
      [[ $(head -c 12 "$f" | tail -c 4) == avif ]] || { echo "heldout: $s $n avifshare: $f is not an AVIF file (no AVIF encoder in ImageMagick's libheif?)" >&2; exit 1; } ;;
    wrongext)
      # The bytes of one format uploaded under another's name (unseen160), as
      # phones and apps produce them: an iPhone's HEIC photo shared or saved
      # with a ".jpg" name, a PNG screenshot a messaging app names ".jpg", the
      # browser's PDF of the page downloaded as ".bin", a JPEG photo inside a
      # ".png" name, a WebP a browser saves as ".jpg". The content is a
      # normal, legible capture (a phone photo of the page: slight
      # perspective, light falling off to about 80% at the far corner, noise;
      # a screenshot; or the page printed to PDF); only its name, and so the
      # type a browser declares for it, lies. Which lie drawn from SEED and
      # the document; the true type checked with `file`. Not harsh.
      local wx wxq
      wx=$(pick "$n wrongext lie" "$seed" 5)
      wxq=$((80 + $(pick "$n wrongext quality" "$seed" 9)))
      if ((wx == 0 || wx == 3)); then
        convert "$base" -background '#8a857e' -virtual-pixel background \
          -distort Perspective "0,0 $((W / 50)),$((H / 60))  $W,0 $((W - W / 66)),$((H / 90))  0,$H $((W / 85)),$((H - H / 50))  $W,$H $((W - W / 42)),$((H - H / 46))" \
          \( -size "${W}x${H}" xc: -sparse-color Barycentric "0,0 #ffffff $W,$H #cccccc" \) -compose multiply -composite \
          -seed "$seed" -attenuate 0.18 +noise Gaussian "$docs/$n.wx.png"
      fi
      case $wx in
        0) f=$docs/$n.wrongext.jpg
           convert "$docs/$n.wx.png" -resize '3024x3024>' -strip -quality "$((wxq - 30))" "heic:$f" ;;
        1) f=$docs/$n.wrongext.jpg; cp "$base" "$f" ;;
        2) f=$docs/$n.wrongext.bin
           chrome --no-pdf-header-footer --print-to-pdf="$docs/$n.wx.pdf" "file://$PWD/$out/$s/html/$n.html"
           mv "$docs/$n.wx.pdf" "$f" ;;
        3) f=$docs/$n.wrongext.png; convert "$docs/$n.wx.png" -quality "$wxq" "jpeg:$f" ;;
        4) f=$docs/$n.wrongext.jpg; convert "$base" -resize '1600x1600>' -strip -quality "$wxq" "webp:$f" ;;
      esac
      rm -f "$docs/$n.wx.png"
      if command -v file >/dev/null; then
        local want=(HEIF PNG PDF JPEG "Web/P")
        [[ $(file -b "$f") == *"${want[$wx]}"* ]] || { echo "heldout: $s $n wrongext: $f is $(file -b "$f"), not ${want[$wx]}" >&2; exit 1; }
      fi ;;
    heicphone)
      # The photo as an iPhone saves it by default (unseen131): a phone photo
      # of the page on a table (slight perspective, light falling off to
      # about 74% at the far corner, noise, the page turned up to 1.5 degrees
      # by SEED and the document), 4032x3024 as the main camera takes it,
      # written as HEIC (High Efficiency: iOS's "Camera > Formats > High
      # Efficiency", the default) at quality 45-60 (drawn from SEED and the
      # document), the file named .heic. A page taller than wide was shot
      # with the phone upright: the pixels are stored sideways, 4032 across,
      # with EXIF Orientation 6 (Rotate 90 CW) to show it upright, as the
      # phone stores it. Under the 4,000,000-byte upload limit (the quality
      # lowered by 5 while it is not). Not harsh: every field stays legible
      # to a person.
      f=$docs/$n.heicphone.heic
      local hturn hq FW=4032 FH=3024 PW PH
      hturn=$(awk "BEGIN{print ($(pick "$n heicphone turn" "$seed" 31) - 15) / 10}")
      hq=$((45 + $(pick "$n heicphone quality" "$seed" 16)))
      ((H > W)) && FW=3024 FH=4032
      PW=$((FW * 84 / 100)) PH=$((FH * 84 / 100))
      convert -size "${FW}x${FH}" xc:'#7d6e5e' -seed "$seed" -attenuate 0.25 +noise Gaussian \
        \( "$base" -resize "${PW}x${PH}" -background '#7d6e5e' -rotate "$hturn" \) -gravity center -compose over -composite +gravity \
        -distort Perspective "0,0 $((FW / 40)),$((FH / 45))  $FW,0 $((FW - FW / 70)),$((FH / 90))  0,$FH $((FW / 80)),$((FH - FH / 40))  $FW,$FH $((FW - FW / 32)),$((FH - FH / 60))" \
        \( -size "${FW}x${FH}" xc: -sparse-color Barycentric "0,0 #ffffff $FW,$FH #bdbdbd" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.15 +noise Gaussian "$docs/$n.heic.miff"
      ((H > W)) && convert "$docs/$n.heic.miff" -rotate -90 "$docs/$n.heic.miff"
      while :; do
        convert "$docs/$n.heic.miff" -strip -quality "$hq" "heic:$f"
        (($(stat -c %s "$f") < 4000000 || hq <= 20)) && break
        hq=$((hq - 5))
      done
      rm -f "$docs/$n.heic.miff"
      ((H > W)) && exiftool -q -overwrite_original -Orientation=6 -n "$f"
      true ;;
    liftsubject)
      # The phone's "lift subject from background" (iOS Visual Look Up's
      # "Copy Subject", Android's "Cut out") used on a photo of the printed
      # page, and the cut-out sent instead of the photo (unseen127), as
      # patients do who want "just the page": a PNG with an alpha channel,
      # the page (photographed lying on a table: slightly turned, in
      # perspective, lit from one corner so the light falls off across it,
      # softened a little, sensor noise) kept opaque and everything outside
      # it fully transparent (the table gone); the page's edge as the
      # segmentation leaves it, a little jagged and wobbling by 1-3 px, with
      # a soft band of semi-transparent pixels (1-2 px) and a trace of the
      # table's colour along it; the image cropped to the page's bounding
      # box plus a transparent margin (24-64 px). The turn (up to 2 degrees
      # either way), the lit corner, the edge's roughness and the margin
      # drawn from SEED and the document. A lossless PNG (RGBA), scaled
      # down in steps of a tenth only if it would pass 3,900,000 bytes. Not
      # harsh: every field stays legible to a person.
      f=$docs/$n.liftsubject.png
      local lsp=$docs/$n.lift lturn lrough lmargin lcorner lgrad LB LX LY persp lbox lbw lbh lsc
      lturn=$(awk "BEGIN{print ($(pick "$n liftsubject turn" "$seed" 41) - 20) / 10}")
      lrough=$((1 + $(pick "$n liftsubject rough" "$seed" 3)))
      lmargin=$((24 + $(pick "$n liftsubject margin" "$seed" 41)))
      lcorner=$(pick "$n liftsubject light" "$seed" 4)
      case $lcorner in
        0) lgrad="0,0 #ffffff $W,$H #b4b4b4" ;;
        1) lgrad="$W,0 #ffffff 0,$H #b4b4b4" ;;
        2) lgrad="0,$H #ffffff $W,0 #b4b4b4" ;;
        *) lgrad="$W,$H #ffffff 0,0 #b4b4b4" ;;
      esac
      # The photo: the page on a table (a margin of a twelfth of its long
      # side), in perspective and turned; the mask is the same geometry
      # drawn white on black, so it outlines the page exactly.
      LB=$(((W > H ? W : H) / 12))
      persp="$LB,$LB $((LB + W / 45)),$((LB + H / 50))  $((LB + W)),$LB $((LB + W - W / 70)),$((LB + H / 90))  $LB,$((LB + H)) $((LB + W / 80)),$((LB + H - H / 60))  $((LB + W)),$((LB + H)) $((LB + W - W / 35)),$((LB + H - H / 40))"
      convert "$base" \( +clone -sparse-color Barycentric "$lgrad" \) -compose multiply -composite -compose over \
        -bordercolor '#6d5c4a' -border "$LB" -background '#6d5c4a' -virtual-pixel background \
        -distort Perspective "$persp" -rotate "$lturn" +repage \
        -blur 0x0.5 -seed "$seed" -attenuate 0.22 +noise Gaussian "$lsp-photo.png"
      convert -size "${W}x${H}" xc:white -bordercolor black -border "$LB" -background black -virtual-pixel background \
        -distort Perspective "$persp" -rotate "$lturn" +repage "$lsp-mask0.png"
      LX=$(identify -format %w "$lsp-mask0.png"); LY=$(identify -format %h "$lsp-mask0.png")
      # The segmentation's edge: the outline pushed about by a smooth field
      # (a slow wobble), then its pixels scattered by up to lrough px
      # (jagged), softened to a 1-2 px band and pulled in by a pixel.
      convert -size "$((LX / 24 + 2))x$((LY / 24 + 2))" -seed "$seed" plasma:grey50-grey50 -colorspace gray -blur 0x1 -auto-level -resize "${LX}x${LY}!" "$lsp-dmap.png"
      convert "$lsp-mask0.png" "$lsp-dmap.png" -define compose:args="$((lrough + 1))x$((lrough + 1))" -compose displace -composite -compose over \
        -seed "$seed" -spread "$lrough" -blur 0x0.8 -level 30%,70% -morphology Erode Disk:1 "$lsp-mask.png"
      lbox=$(convert "$lsp-mask.png" -format %@ info:)
      lbw=${lbox%%x*} lbh=${lbox#*x}; lbh=${lbh%%+*}
      convert "$lsp-photo.png" "$lsp-mask.png" -alpha off -compose copy_opacity -composite -compose over \
        -crop "$lbox" +repage -background none -alpha background \
        -gravity center -extent "$((lbw + 2 * lmargin))x$((lbh + 2 * lmargin))" +gravity "$lsp-cut.png"
      for lsc in 100 90 80 70 60 50; do
        convert "$lsp-cut.png" -resize "$lsc%" -define png:compression-level=9 "PNG32:$f"
        (($(stat -c %s "$f") < 3900000)) && break
      done
      rm -f "$lsp"-*.png ;;
    p3png)
      # A screenshot as a recent iPhone or Mac writes it, uploaded as the
      # file the phone or the laptop saved (unseen132): a PNG with 16 bits
      # per channel in Display P3, the profile embedded (an iCCP chunk),
      # no other metadata. Phone-sized pages (a viewport 430 CSS px wide or
      # less: an app, a wallet pass, a mail app) are the screen itself,
      # fitted to an iPhone's 1179 px width (the rest of its 2556 px height
      # in the page's own ground); a desktop page (1280 CSS px or wider) is
      # a Mac's whole Retina screen, fitted in 2880x1800; any other page is
      # shown as it is seen, in a viewer on one of the two: a portrait page
      # on the iPhone (1179x2556: the status bar with the time, a viewer bar
      # with "Done" and the file name, the page fitted below on the viewer's
      # grey, the home indicator), a landscape page in a Mac window (2880x1800:
      # the menu bar with the time, the desktop's colour, a window with its
      # three buttons and the file name). The time, the battery and the
      # desktop's colour are drawn from SEED and the document. The sRGB
      # render is converted to Display P3 (ImageMagick's -profile with the
      # profiles p3_profiles builds), so the pixel values shift towards the
      # middle of P3's wider gamut as a real screenshot's do; a reader that
      # ignores the profile sees colours a little duller, the print as
      # sharp. Not harsh: every field stays legible to a person.
      f=$docs/$n.p3png.png
      local pp=$docs/$n.p3 vpw ptime pbatt pdesk pbg PW PH
      vpw=$(sed -n 's/.*name="heldout-viewport" content="\([0-9]*\)x.*/\1/p' "$out/$s/html/$n.html" | head -1)
      vpw=${vpw:-900}
      ptime=$((9 + $(pick "$n p3png hour" "$seed" 12))):$(printf %02d "$(pick "$n p3png minute" "$seed" 60)")
      pbatt=$((22 + $(pick "$n p3png battery" "$seed" 77)))
      case $(pick "$n p3png desktop" "$seed" 3) in
        0) pdesk='#3a5f86' ;;
        1) pdesk='#5b4a7a' ;;
        *) pdesk='#2f6b5e' ;;
      esac
      # The profiles once a run, beside the sets (not among the uploads).
      [[ -e $out/icc/srgb.icc && -e $out/icc/display-p3.icc ]] || { mkdir -p "$out/icc" && p3_profiles "$out/icc/srgb.icc" "$out/icc/display-p3.icc"; }
      if ((vpw <= 430)); then
        # The page is the phone's screen: its border off, fitted to the width.
        convert "$base" -shave 40x40 +repage -resize '1179x2556' "$pp-fit.png"
        pbg=$(convert "$pp-fit.png" -gravity southwest -crop 1x1+2+2 +repage -format '%[pixel:p{0,0}]' info:)
        convert "$pp-fit.png" -background "$pbg" -gravity north -extent 1179x2556 +gravity "$pp-screen.png"
      elif ((vpw >= 1280)); then
        convert "$base" -shave 40x40 +repage -resize '2880x1800' -background black -gravity center -extent 2880x1800 +gravity "$pp-screen.png"
      elif ((W <= H)); then
        convert "$base" -resize '1119x2160' "$pp-fit.png"
        PW=$(identify -format %w "$pp-fit.png"); PH=$(identify -format %h "$pp-fit.png")
        convert -size 1179x2556 xc:'#f2f2f7' \
          "$pp-fit.png" -geometry "+$(((1179 - PW) / 2))+$((290 + (2160 - PH) / 2))" -compose over -composite \
          -fill '#f9f9f9' -draw 'rectangle 0,150 1179,270' -fill '#d1d1d6' -draw 'rectangle 0,270 1179,272' \
          -font DejaVu-Sans-Bold -fill black -pointsize 48 -annotate +96+100 "$ptime" \
          -font DejaVu-Sans -pointsize 40 -annotate +880+100 "5G $pbatt%" \
          -fill '#0a7aff' -pointsize 50 -annotate +48+228 'Done' \
          -fill black -font DejaVu-Sans-Bold -pointsize 42 -gravity north -annotate +0+190 "$n.pdf" +gravity \
          -fill '#1c1c1e' -draw 'roundrectangle 390,2510 789,2524 7,7' "$pp-screen.png"
      else
        convert "$base" -resize '2640x1580' "$pp-fit.png"
        PW=$(identify -format %w "$pp-fit.png"); PH=$(identify -format %h "$pp-fit.png")
        convert -size 2880x1800 xc:"$pdesk" \
          -fill '#e8e8e8' -draw "roundrectangle $(((2880 - PW) / 2 - 16)),$((1800 - PH - 118)) $(((2880 + PW) / 2 + 16)),$((1800 - 40)) 20,20" \
          -fill '#ff5f57' -draw "circle $(((2880 - PW) / 2 + 20)),$((1800 - PH - 88)) $(((2880 - PW) / 2 + 32)),$((1800 - PH - 88))" \
          -fill '#febc2e' -draw "circle $(((2880 - PW) / 2 + 60)),$((1800 - PH - 88)) $(((2880 - PW) / 2 + 72)),$((1800 - PH - 88))" \
          -fill '#28c840' -draw "circle $(((2880 - PW) / 2 + 100)),$((1800 - PH - 88)) $(((2880 - PW) / 2 + 112)),$((1800 - PH - 88))" \
          -font DejaVu-Sans -fill '#333333' -pointsize 30 -gravity north -annotate "+0+$((1800 - PH - 104))" "$n.pdf" +gravity \
          "$pp-fit.png" -geometry "+$(((2880 - PW) / 2))+$((1800 - PH - 56))" -compose over -composite \
          -fill '#ececec' -draw 'rectangle 0,0 2880,48' \
          -font DejaVu-Sans-Bold -fill black -pointsize 28 -annotate +40+36 'Preview' \
          -font DejaVu-Sans -annotate +190+36 'File    Edit    View    Go    Tools    Window    Help' \
          -annotate +2660+36 "$ptime" "$pp-screen.png"
      fi
      convert "$pp-screen.png" -alpha off -profile "$out/icc/srgb.icc" -profile "$out/icc/display-p3.icc" -depth 16 \
        -define png:exclude-chunks=bKGD,cHRM,tIME,date +set date:create +set date:modify "PNG48:$f"
      rm -f "$pp"-*.png ;;
    scantiff)
      # The paper scanned on an office multifunction printer (MFP) set to
      # "scan to TIFF", as clinics, employers and libraries often set them,
      # and e-mailed to the patient, who uploads the file as it came
      # (unseen128): a multi-page TIFF of 2 or 3 pages, each 8-bit grey at
      # 200 or 300 dpi, LZW or Deflate compressed. The document is on page 1
      # or 2: on page 2 the MFP's cover sheet comes first (the device, the
      # run's date and a time, the sending address, the page count, the
      # resolution; no person's name), and a third page is the sheet's back;
      # on page 1 the second page is the sheet's back, nearly blank with a
      # little of the print showing through mirrored, and a third page the
      # MFP's job report. The sheet is A4 for a document whose name starts
      # uk-, US Letter otherwise; the page sits on it at its printed size (a
      # CSS pixel 1/96 inch), shrunk to fit 0.4 inch margins. Each page has
      # its own slight skew (up to 0.8 degrees) and the scanner's faint edge
      # shadow along its top and left edges (the lid's hinge and the glass's
      # frame), then slight softness and little noise, the paper levelled to
      # white as scanners do. The pages, the resolution, the compression,
      # the skews, the device and the time are drawn from SEED and the
      # document. Not harsh: every field stays legible to a person.
      f=$docs/$n.scantiff.tif
      local st=$docs/$n.scantiff.d p dpi np ev comp SW SH vpx PW PH k skew today0 when dev org ttl pt sh pages=()
      rm -rf "$st" && mkdir -p "$st"
      dpi=$((200 + 100 * $(pick "$n scantiff dpi" "$seed" 2)))
      np=$((2 + $(pick "$n scantiff pages" "$seed" 2)))
      ev=$((1 + $(pick "$n scantiff page" "$seed" 2)))
      comp=LZW; (($(pick "$n scantiff comp" "$seed" 2) == 1)) && comp=Zip
      if [[ $n == uk-* ]]; then SW=$((827 * dpi / 100)) SH=$((1169 * dpi / 100)); else SW=$((85 * dpi / 10)) SH=$((11 * dpi)); fi
      vpx=$(sed -n 's/.*name="heldout-viewport" content="[0-9]*x[0-9]*@\([0-9.]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      PW=$(awk "BEGIN{printf \"%d\", $W / ${vpx:-2} * $dpi / 96}"); PH=$(awk "BEGIN{printf \"%d\", $H / ${vpx:-2} * $dpi / 96}")
      convert -size "${SW}x${SH}" xc:white \
        \( "$base" -colorspace Gray -resize "${PW}x${PH}!" -resize "$((SW - 4 * dpi / 5))x$((SH - 4 * dpi / 5))>" \) \
        -gravity north -geometry "+0+$((2 * dpi / 5))" -compose over -composite +gravity "$st/front.png"
      # The back of the sheet: the print seen through the paper, mirrored,
      # faint and soft (its darkest strokes about 12% grey once levelled).
      convert "$st/front.png" -flop -blur "0x$((dpi / 100))" +level 80%,100% "$st/back.png"
      today0=${HELDOUT_TODAY:-$(date +%F)}
      if [[ $n == uk-* ]]; then when=$(date -d "$today0" +%d/%m/%Y); else when=$(date -d "$today0" +%m/%d/%Y); fi
      when="$when $((8 + $(pick "$n scantiff hour" "$seed" 9))):$(printf %02d "$(pick "$n scantiff minute" "$seed" 60)")"
      case $(pick "$n scantiff device" "$seed" 3) in
        0) dev="MFP-3F (third floor copy room)" org="scan-3f@harwood-clinic.example" ;;
        1) dev="MFP-LIB-02 (public library)" org="library-scans@northfield-libraries.example" ;;
        *) dev="MFP-2F-EAST (office)" org="noreply-scan@ashdown-logistics.example" ;;
      esac
      ttl="SCAN TO E-MAIL"; ((ev == 1)) && ttl="SCAN JOB REPORT"
      pt=$((11 * dpi / 72)) sh=$((dpi / 12))
      # The cover's lines, a label and its value in two columns.
      local -a cov=() rows=("Device:" "$dev" "Date:" "$when" "Sent from:" "$org" "Pages:" "$np (including this sheet)"
        "Resolution:" "$dpi dpi, greyscale" "File type:" "TIFF, multi-page ($([[ $comp == Zip ]] && echo Deflate || echo LZW))"
        "Job number:" "$((1000 + $(pick "$n scantiff job" "$seed" 9000)))" "Result:" "OK")
      for ((k = 0; k < ${#rows[@]}; k += 2)); do
        cov+=(-annotate "+$((dpi * 9 / 10))+$((dpi * (23 + 2 * k) / 10))" "${rows[k]}"
          -annotate "+$((dpi * 27 / 10))+$((dpi * (23 + 2 * k) / 10))" "${rows[k + 1]}")
      done
      convert -size "${SW}x${SH}" xc:white -font DejaVu-Sans-Bold -fill black -pointsize $((20 * dpi / 72)) \
        -annotate "+$((dpi * 9 / 10))+$((dpi * 3 / 2))" "$ttl" \
        -fill '#333333' -draw "rectangle $((dpi * 9 / 10)),$((dpi * 17 / 10)) $((SW - dpi * 9 / 10)),$((dpi * 17 / 10 + dpi / 36))" \
        -font DejaVu-Sans -fill black -pointsize "$pt" "${cov[@]}" \
        -fill '#555555' -pointsize $((9 * dpi / 72)) \
        -annotate "+$((dpi * 9 / 10))+$((dpi * 6))" "This sheet was added by the device. Do not reply to this message." "$st/cover.png"
      if ((ev == 2)); then pages=(cover front back); else pages=(front back cover); fi
      pages=("${pages[@]:0:np}")
      k=0
      for p in "${pages[@]}"; do
        k=$((k + 1))
        skew=$(awk "BEGIN{print ($(pick "$n scantiff skew $k" "$seed" 17) - 8) / 10}")
        convert "$st/$p.png" -background white -rotate "$skew" +repage -gravity center -extent "${SW}x${SH}" +gravity \
          \( -size "${SW}x${sh}" gradient:'#c4c4c4'-white \) -gravity north -compose multiply -composite \
          \( -size "${SH}x${sh}" gradient:'#d2d2d2'-white -rotate -90 \) -gravity west -compose multiply -composite +gravity \
          -blur "0x$(awk "BEGIN{print 0.3 * $dpi / 200}")" -seed "$((seed + k))" -attenuate 0.06 +noise Gaussian \
          -level 2%,93% -colorspace Gray -depth 8 "$st/page-$k.png"
      done
      convert "$st"/page-*.png -colorspace Gray -type Grayscale -depth 8 -units PixelsPerInch -density "$dpi" -compress "$comp" "$f"
      rm -rf "$st" ;;
    pngpalette)
      # A screenshot squeezed to a small palette PNG (unseen137), as
      # TinyPNG-style compressors, some messengers and phones' "reduce file
      # size" share options do: the screenshot kept at its size, its colours
      # quantised to a palette of 32-128 (drawn from SEED and the document),
      # with Floyd-Steinberg dithering or none (drawn the same way), written
      # as an 8-bit indexed-colour PNG (PNG8: one palette index a pixel, no
      # alpha), metadata dropped. The palette is chosen from the image's own
      # colours, so flat grounds and print stay flat and sharp-edged; only
      # anti-aliased edges, tints and soft gradients band (no dither) or
      # speckle (dither). identify says Type: Palette (PseudoClass); the
      # check below stops the run if the writer ever gave a truecolour PNG.
      # Not harsh: the print stays crisp and every field legible to a person.
      f=$docs/$n.pngpalette.png
      local pn
      local -a pd
      pn=$((32 + $(pick "$n pngpalette colours" "$seed" 97)))
      if (($(pick "$n pngpalette dither" "$seed" 2) == 0)); then pd=(+dither); else pd=(-dither FloydSteinberg); fi
      convert "$base" -alpha off -strip "${pd[@]}" -colors "$pn" \
        -define png:exclude-chunks=date,time -define png:compression-level=9 "PNG8:$f"
      [[ $(identify -format %r "$f") == PseudoClass* ]] || { echo "heldout: $s $n pngpalette: $f is not a palette PNG" >&2; exit 1; } ;;
    pdfrotate)
      # A phone scanner app's PDF whose page is stored sideways (unseen133):
      # the app saved the sheet as the camera held it, a quarter turn off,
      # and wrote a /Rotate entry in the page dictionary that turns it
      # upright for display, so a viewer shows it upright while the raw
      # image is sideways. The page is printed (A4 for a document whose
      # name starts uk-, US Letter otherwise, at its printed size, a CSS
      # pixel 1/96 inch, shrunk to fit 0.4 inch margins), its edges found
      # and flattened by the app (a faint keystone and a turn of up to 0.4
      # degrees left), whitened (paper levelled to white, contrast raised),
      # slightly soft, a little noise; one page image at 200 dpi, JPEG 82,
      # no text layer, stored turned 90 degrees one way or the other with
      # /Rotate 90 or 270 to match. Which way, the turn and the keystone are
      # drawn from SEED and the document. Not harsh: every field stays
      # legible to a person once the viewer turns the page.
      f=$docs/$n.pdfrotate.pdf
      local pr=$docs/$n.pdfrotate.d dpi=200 SW SH vpx PW PH turn kx rot
      rm -rf "$pr" && mkdir -p "$pr"
      if [[ $n == uk-* ]]; then SW=1654 SH=2339; else SW=1700 SH=2200; fi
      vpx=$(sed -n 's/.*name="heldout-viewport" content="[0-9]*x[0-9]*@\([0-9.]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      PW=$(awk "BEGIN{printf \"%d\", $W / ${vpx:-2} * $dpi / 96}"); PH=$(awk "BEGIN{printf \"%d\", $H / ${vpx:-2} * $dpi / 96}")
      turn=$(awk "BEGIN{print ($(pick "$n pdfrotate turn" "$seed" 9) - 4) / 10}")
      kx=$(($(pick "$n pdfrotate keystone" "$seed" 3) + 1))
      rot=90; (($(pick "$n pdfrotate way" "$seed" 2) == 1)) && rot=270
      # /Rotate turns the page clockwise for display: a page shown upright
      # with /Rotate 90 is stored turned a quarter counterclockwise.
      convert -size "${SW}x${SH}" xc:white \
        \( "$base" -resize "${PW}x${PH}!" -resize "$((SW - 4 * dpi / 5))x$((SH - 4 * dpi / 5))>" \) \
        -gravity north -geometry "+0+$((2 * dpi / 5))" -compose over -composite +gravity \
        -background white -virtual-pixel white \
        -distort Perspective "0,0 $((SW * kx / 500)),0  $SW,0 $((SW - SW * kx / 500)),0  0,$SH 0,$SH  $SW,$SH $SW,$SH" \
        -rotate "$turn" +repage -gravity center -extent "${SW}x${SH}" +gravity \
        -blur 0x0.5 -level 5%,90% -unsharp 0x1+0.5+0 -seed "$seed" -attenuate 0.1 +noise Gaussian \
        -rotate "$((rot == 90 ? -90 : 90))" +repage \
        -type TrueColor -units PixelsPerInch -density "$dpi" -quality 82 "$pr/page.jpg"
      HELDOUT_PDF_ROTATE=$rot jpegs_to_pdf "$f" "$dpi" "$pr/page.jpg"
      rm -rf "$pr" ;;
    tifftiled)
      # A TIFF as scanners, fax servers and document-management systems write
      # it, beyond the plain strip TIFF (unseen188): the page as scanned (200
      # dpi in the header, the paper levelled to white, nothing else changed),
      # written in one of nine ways drawn from SEED and the document: tiled
      # (256x256 tiles) RGB with LZW and the horizontal predictor; tiled RGB
      # with Deflate and the predictor; tiled RGB with PackBits; one bit a
      # pixel with PhotometricInterpretation min-is-white (tiled, LZW); 8-bit
      # greyscale (tiled, Deflate, predictor); 16-bit greyscale (tiled, LZW,
      # predictor); RGB with planar configuration separate (RRR..GGG..BBB,
      # tiled, LZW); CMYK (tiled, LZW); or two pages, a document-management
      # system's cover sheet (batch, page count, scan date: no name, medicine
      # or pharmacy) first and the document second (8-bit grey, tiled, LZW).
      # Built with ImageMagick and `tiffcp` (libtiff-tools), checked with
      # `tiffinfo`; scaled down by 10% at a time while the file is over
      # 3,900,000 bytes. Not harsh: every field stays legible to a person.
      for tool in tiffcp tiffinfo; do
        command -v "$tool" >/dev/null || { echo "heldout: tifftiled needs $tool (apt-get install libtiff-tools)" >&2; exit 1; }
      done
      f=$docs/$n.tifftiled.tif
      local tt=$docs/$n.tifftiled.d tkind tscale=100 twant today0
      rm -rf "$tt" && mkdir -p "$tt"
      tkind=$(pick "$n tifftiled kind" "$seed" 9)
      today0=${HELDOUT_TODAY:-$(date +%F)}
      local tgeo=(-define tiff:tile-geometry=256x256) tpred=(-define tiff:predictor=2)
      while :; do
        convert "$base" -resize "$tscale%" -level 2%,97% -units PixelsPerInch -density 200 "$tt/page.png"
        case $tkind in
          0) convert "$tt/page.png" -type TrueColor -depth 8 "${tgeo[@]}" "${tpred[@]}" -compress LZW "$f"; twant="Tile Width: 256|LZW|RGB color" ;;
          1) convert "$tt/page.png" -type TrueColor -depth 8 "${tgeo[@]}" "${tpred[@]}" -compress Zip "$f"; twant="Tile Width: 256|Deflate|RGB color" ;;
          2) convert "$tt/page.png" -type TrueColor -depth 8 -compress None "$tt/plain.tif"
             tiffcp -c packbits -t -w 256 -l 256 "$tt/plain.tif" "$f"; twant="Tile Width: 256|PackBits|RGB color" ;;
          3) convert "$tt/page.png" -colorspace Gray -threshold 62% -type bilevel -compress Group4 "$tt/g4.tif"
             tiffcp -c lzw -t -w 256 -l 256 "$tt/g4.tif" "$f"; twant="Tile Width: 256|LZW|min-is-white|Bits/Sample: 1" ;;
          4) convert "$tt/page.png" -colorspace Gray -depth 8 "${tgeo[@]}" "${tpred[@]}" -compress Zip "$f"; twant="Tile Width: 256|Deflate|min-is-black|Bits/Sample: 8" ;;
          5) convert "$tt/page.png" -colorspace Gray -depth 16 "${tgeo[@]}" "${tpred[@]}" -compress LZW "$f"; twant="Tile Width: 256|LZW|min-is-black|Bits/Sample: 16" ;;
          6) convert "$tt/page.png" -type TrueColor -depth 8 -interlace Plane "${tgeo[@]}" "${tpred[@]}" -compress LZW "$f"; twant="Tile Width: 256|LZW|separate image planes" ;;
          7) convert "$tt/page.png" -colorspace CMYK -depth 8 "${tgeo[@]}" -compress LZW "$f"; twant="Tile Width: 256|LZW|separated" ;;
          *) local TW TH
             TW=$(identify -format %w "$tt/page.png"); TH=$(identify -format %h "$tt/page.png")
             convert -size "${TW}x${TH}" xc:white -font DejaVu-Sans-Bold -pointsize $((TW / 22)) -gravity north \
               -annotate +0+$((TH / 8)) 'DOCUMENT COVER SHEET' -font DejaVu-Sans -pointsize $((TW / 40)) \
               -annotate +0+$((TH / 4)) "Batch $((40000 + $(pick "$n tifftiled batch" "$seed" 50000)))   Pages in batch: 2" \
               -annotate +0+$((TH / 4 + TW / 20)) "Scanned $today0   Station DMS-$((1 + $(pick "$n tifftiled station" "$seed" 9)))" \
               -annotate +0+$((TH / 4 + TW / 10)) 'The scanned document follows on the next page.' \
               -fill none -stroke black -strokewidth 3 -draw "rectangle $((TW / 12)),$((TH / 3 + TW / 20)) $((TW - TW / 12)),$((TH / 3 + TW / 4))" \
               -stroke none -fill black -annotate +0+$((TH / 3 + TW / 9)) '|| ||| | |||| || | ||| || ||||' \
               -units PixelsPerInch -density 200 "$tt/cover.png"
             convert "$tt/cover.png" "$tt/page.png" -colorspace Gray -depth 8 "${tgeo[@]}" "${tpred[@]}" -compress LZW "$f"
             twant="Tile Width: 256|LZW|min-is-black"
             [[ $(tiffinfo "$f" 2>/dev/null | grep -c '^TIFF Directory') == 2 ]] ||
               { echo "heldout: $s $n tifftiled: $f does not hold two pages" >&2; exit 1; } ;;
        esac
        (($(stat -c %s "$f") > 3900000 && tscale > 50)) || break
        tscale=$((tscale - 10))
      done
      local tinfo want w
      tinfo=$(tiffinfo "$f" 2>/dev/null)
      IFS='|' read -ra want <<<"$twant"
      for w in "${want[@]}"; do
        grep -q -- "$w" <<<"$tinfo" || { echo "heldout: $s $n tifftiled: tiffinfo does not say '$w' of $f (kind $tkind)" >&2; exit 1; }
      done
      rm -rf "$tt" ;;
    tiffjpeg)
      # The paper scanned on a flatbed whose driver, or whose scanning
      # program's "save as TIFF", writes a TIFF with JPEG compression inside
      # (unseen139), as some home and office scanners do by default, and the
      # patient uploads that file: one page, colour, the page at its printed
      # size (a CSS pixel 1/96 inch) at 200, 240 or 300 dpi, with a margin of
      # the lid's white round it as the driver's auto-crop leaves it (a
      # quarter inch); turned up to 0.6 degrees either way; a faint shadow
      # along the edge of the scan area where the lid's hinge lifts it (the
      # top or the left); slightly soft, a little noise, the paper levelled to
      # white; written as TIFF Compression 7 ("new-style" JPEG in the TIFF),
      # photometric YCbCr, 8 bits a sample, the resolution in the header, at
      # JPEG quality 60-85; the resolution, the turn, the shadow's edge and the
      # quality drawn from SEED and the document. Under the 4,000,000-byte
      # upload limit (the quality lowered by 10 while it is not). `identify
      # -verbose` says "Compression: JPEG" and "tiff:photometric: YCBCR". Not
      # harsh: every field stays legible to a person.
      f=$docs/$n.tiffjpeg.tif
      local tj=$docs/$n.tiffjpeg.d dpi tq turn vpx PW PH M shade
      rm -rf "$tj" && mkdir -p "$tj"
      case $(pick "$n tiffjpeg dpi" "$seed" 3) in 0) dpi=200 ;; 1) dpi=240 ;; *) dpi=300 ;; esac
      tq=$((60 + $(pick "$n tiffjpeg quality" "$seed" 26)))
      turn=$(awk "BEGIN{print ($(pick "$n tiffjpeg turn" "$seed" 13) - 6) / 10}")
      vpx=$(sed -n 's/.*name="heldout-viewport" content="[0-9]*x[0-9]*@\([0-9.]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      PW=$(awk "BEGIN{printf \"%d\", $W / ${vpx:-2} * $dpi / 96}"); PH=$(awk "BEGIN{printf \"%d\", $H / ${vpx:-2} * $dpi / 96}")
      M=$((dpi / 4))
      convert "$base" -resize "${PW}x${PH}!" -background white -rotate "$turn" +repage \
        -bordercolor white -border "$M" "$tj/scan.png"
      PW=$(identify -format %w "$tj/scan.png"); PH=$(identify -format %h "$tj/scan.png")
      if (($(pick "$n tiffjpeg shade" "$seed" 2) == 0)); then
        shade=(\( -size "${PW}x$((dpi / 8))" gradient:'#d4d4d4'-white \) -gravity north)
      else
        shade=(\( -size "${PH}x$((dpi / 8))" gradient:'#d4d4d4'-white -rotate -90 \) -gravity west)
      fi
      convert "$tj/scan.png" "${shade[@]}" -compose multiply -composite +gravity \
        -blur "0x$(awk "BEGIN{print 0.35 * $dpi / 200}")" -seed "$seed" -attenuate 0.08 +noise Gaussian \
        -level 2%,95% "$tj/scan2.png"
      while :; do
        convert "$tj/scan2.png" -alpha off -colorspace YCbCr -compress JPEG -quality "$tq" \
          -units PixelsPerInch -density "$dpi" "$f"
        (($(stat -c %s "$f") >= 4000000 && tq > 30)) || break
        tq=$((tq - 10))
      done
      [[ $(identify -format %C "$f") == JPEG ]] || { echo "heldout: $s $n tiffjpeg: $f is not JPEG-compressed" >&2; exit 1; }
      rm -rf "$tj" ;;
    cmykjpeg)
      # A CMYK JPEG (unseen135), as an office scanner or a print shop's
      # self-service kiosk set to "colour JPEG" for print, or a desktop
      # publishing app's export, saves the page: four channels (YCCK-coded,
      # ImageMagick's way) with the Adobe APP14 marker, its colour profile
      # dropped or a generic CMYK one embedded (Ghostscript's "Artifex CMYK
      # SWOP Profile"), so that a naive viewer may show it inverted or off
      # while a browser shows it right. Either a scan (the sheet on the glass
      # turned up to 0.6 degrees, the paper levelled to white, slightly
      # soft, a little noise, tagged 300 dpi) or an export (the page as it
      # is, tagged 150 dpi); which, the profile and the JPEG quality (70-92)
      # drawn from SEED and the document. Checked to be a four-channel CMYK
      # JPEG carrying the Adobe marker. Not harsh: every field stays legible
      # to a person.
      f=$docs/$n.cmykjpeg.jpg
      local ckind cq cprof cturn cdpi icc=/usr/share/color/icc/ghostscript/default_cmyk.icc
      local -a cicc=()
      ckind=$(pick "$n cmykjpeg kind" "$seed" 2)
      cq=$((70 + $(pick "$n cmykjpeg quality" "$seed" 23)))
      cprof=$(pick "$n cmykjpeg profile" "$seed" 2)
      if ((cprof == 1)); then
        [[ -r $icc ]] || { echo "heldout: $s $n cmykjpeg: $icc is missing (Debian's libgs-common)" >&2; exit 1; }
        cicc=(-profile "$icc")
      fi
      if ((ckind == 0)); then
        cturn=$(awk "BEGIN{print ($(pick "$n cmykjpeg turn" "$seed" 13) - 6) / 10}")
        cdpi=300
        convert "$base" -alpha off -background white -rotate "$cturn" +repage \
          -blur 0x0.5 -level 3%,94% -seed "$seed" -attenuate 0.08 +noise Gaussian "$docs/$n.cmyk.png"
      else
        cdpi=150
        convert "$base" -alpha off "$docs/$n.cmyk.png"
      fi
      convert "$docs/$n.cmyk.png" -strip -colorspace CMYK "${cicc[@]}" \
        -units PixelsPerInch -density "$cdpi" -quality "$cq" "jpeg:$f"
      rm -f "$docs/$n.cmyk.png"
      [[ $(identify -format '%[colorspace]' "$f") == CMYK ]] && head -c 4096 "$f" | grep -qa Adobe ||
        { echo "heldout: $s $n cmykjpeg: $f is not a CMYK JPEG with the Adobe marker" >&2; exit 1; } ;;
    pdfjpx)
      # A scanner app's or an archive tool's PDF whose page is a JPEG 2000
      # image (unseen138): some document scanners, scanner apps and
      # archiving tools (PDF/A) store a scan as JPX (/JPXDecode) rather than
      # JPEG. The page is printed (A4 for a document whose name starts uk-,
      # US Letter otherwise, at its printed size, a CSS pixel 1/96 inch,
      # shrunk to fit 0.4 inch margins) and scanned at 200 dpi: turned up to
      # 0.3 degrees, the paper levelled to white and the contrast raised a
      # little, slightly soft, a little noise; kept in colour or made grey
      # (one in three), then encoded by ImageMagick as JPEG 2000 (OpenJPEG)
      # at a fixed quality of 30-36 dB PSNR (ImageMagick's -quality for JP2,
      # what -compress JPEG2000 gives a PDF's image): the wavelet's soft
      # ringing round strokes and a slight blur of fine print, no 8x8
      # blocks. One page, no text layer. The turn, the colour and the
      # quality are drawn from SEED and the document. Check with `pdfimages
      # -list` (encoding jpx) and render back with `pdftoppm`. Not harsh:
      # every field stays legible to a person.
      f=$docs/$n.pdfjpx.pdf
      local pj=$docs/$n.pdfjpx.d dpi=200 SW SH vpx PW PH turn q grey=()
      rm -rf "$pj" && mkdir -p "$pj"
      if [[ $n == uk-* ]]; then SW=1654 SH=2339; else SW=1700 SH=2200; fi
      vpx=$(sed -n 's/.*name="heldout-viewport" content="[0-9]*x[0-9]*@\([0-9.]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      PW=$(awk "BEGIN{printf \"%d\", $W / ${vpx:-2} * $dpi / 96}"); PH=$(awk "BEGIN{printf \"%d\", $H / ${vpx:-2} * $dpi / 96}")
      turn=$(awk "BEGIN{print ($(pick "$n pdfjpx turn" "$seed" 7) - 3) / 10}")
      q=$((30 + $(pick "$n pdfjpx quality" "$seed" 7)))
      (($(pick "$n pdfjpx grey" "$seed" 3) == 0)) && grey=(-colorspace Gray)
      convert -size "${SW}x${SH}" xc:white \
        \( "$base" -resize "${PW}x${PH}!" -resize "$((SW - 4 * dpi / 5))x$((SH - 4 * dpi / 5))>" \) \
        -gravity north -geometry "+0+$((2 * dpi / 5))" -compose over -composite +gravity \
        -background white -rotate "$turn" +repage -gravity center -extent "${SW}x${SH}" +gravity \
        -blur 0x0.4 -level 3%,94% -seed "$seed" -attenuate 0.08 +noise Gaussian \
        "${grey[@]}" -alpha off -depth 8 -quality "$q" "$pj/page.jp2"
      jpx_to_pdf "$f" "$dpi" "$pj/page.jp2"
      rm -rf "$pj" ;;
    pdfgroup4)
      # The paper scanned on an office multifunction printer set to "scan
      # to e-mail" in black-and-white mode, as surgeries, hotels, employers
      # and pharmacies send a page on (unseen136): the MFP thresholds the
      # page to one bit at 200 dpi and stores it as a CCITT Group 4 image in
      # a PDF of one page, no text layer. The sheet is A4 for a document
      # whose name starts uk-, US Letter otherwise, the page on it at its
      # printed size (a CSS pixel 1/96 inch) shrunk to fit 0.4 inch margins,
      # fed a little skewed (up to 0.5 degrees) and softened by the
      # scanner's optics (sigma 0.6 px), a little noise, then one global
      # threshold: a pixel darker than T% of white is black, T 64-74 drawn
      # from SEED and the document, high enough that grey print (a light
      # grey caption, a coloured heading) stays black while pale tints
      # (shaded boxes, a coloured sticker's ground) drop to white; a few
      # specks from the glass. The skew, the threshold and the device named
      # as the PDF's producer are drawn the same way. ImageMagick may not
      # write PDF here, so it writes the Group 4 TIFF (one strip) and the
      # script puts that strip in the PDF as it is (/CCITTFaxDecode, K -1):
      # `pdfimages -list` says ccitt, 1 bit. Not harsh: every field stays
      # legible to a person.
      f=$docs/$n.pdfgroup4.pdf
      local gd=$docs/$n.pdfgroup4.d dpi=200 SW SH vpx PW PH skew thr mfp
      rm -rf "$gd" && mkdir -p "$gd"
      if [[ $n == uk-* ]]; then SW=1654 SH=2339; else SW=1700 SH=2200; fi
      vpx=$(sed -n 's/.*name="heldout-viewport" content="[0-9]*x[0-9]*@\([0-9.]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      PW=$(awk "BEGIN{printf \"%d\", $W / ${vpx:-2} * $dpi / 96}"); PH=$(awk "BEGIN{printf \"%d\", $H / ${vpx:-2} * $dpi / 96}")
      skew=$(awk "BEGIN{print ($(pick "$n pdfgroup4 skew" "$seed" 11) - 5) / 10}")
      thr=$((64 + $(pick "$n pdfgroup4 threshold" "$seed" 11)))
      case $(pick "$n pdfgroup4 device" "$seed" 3) in
        0) mfp='Lumo MFC-4520 Scan to E-mail' ;; 1) mfp='Corvane C-3050 MFP ScanToMail' ;; *) mfp='Inkwell OfficeCentre 7700 Scan' ;;
      esac
      convert -size "${SW}x${SH}" xc:white \
        \( "$base" -colorspace Gray -resize "${PW}x${PH}!" -resize "$((SW - 4 * dpi / 5))x$((SH - 4 * dpi / 5))>" \) \
        -gravity north -geometry "+0+$((2 * dpi / 5))" -compose over -composite +gravity \
        -background white -rotate "$skew" +repage -gravity center -extent "${SW}x${SH}" +gravity \
        -blur 0x0.6 -seed "$seed" -attenuate 0.08 +noise Gaussian -attenuate 0.002 +noise Impulse \
        -threshold "$thr%" -monochrome -units PixelsPerInch -density "$dpi" \
        -define tiff:rows-per-strip="$SH" -compress Group4 "$gd/page.tif"
      python3 - "$gd/page.tif" "$f" "$dpi" "$mfp" <<'EOF'
# Put the one strip of a Group 4 TIFF into a one-page PDF unchanged.
import struct, sys
tif, out, dpi, producer = open(sys.argv[1], "rb").read(), sys.argv[2], float(sys.argv[3]), sys.argv[4]
e = {b"II": "<", b"MM": ">"}[tif[:2]]
(ifd,) = struct.unpack(e + "I", tif[4:8])
(count,) = struct.unpack(e + "H", tif[ifd:ifd + 2])
tags = {}
for i in range(count):
    tag, typ, n, val = struct.unpack(e + "HHI4s", tif[ifd + 2 + 12 * i:ifd + 14 + 12 * i])
    size = {3: 2, 4: 4}.get(typ)
    if size is None or n != 1:
        continue
    tags[tag] = struct.unpack(e + ("H" if size == 2 else "I"), val[:size])[0]
w, h = tags[256], tags[257]
if tags.get(259) != 4 or tags.get(266, 1) != 1:
    sys.exit("heldout: pdfgroup4: %s is not one MSB-first Group 4 strip" % sys.argv[1])
data = tif[tags[273]:tags[273] + tags[279]]
black_is_1 = b"true" if tags.get(262, 0) == 1 else b"false"
pw, ph = w * 72 / dpi, h * 72 / dpi
draw = b"q %.2f 0 0 %.2f 0 0 cm /Im0 Do Q" % (pw, ph)
objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>" % (pw, ph),
        b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /CCITTFaxDecode"
        b" /DecodeParms << /K -1 /Columns %d /Rows %d /BlackIs1 %s >> /Length %d >>\nstream\n" % (w, h, w, h, black_is_1, len(data)) + data + b"\nendstream",
        b"<< /Length %d >>\nstream\n" % len(draw) + draw + b"\nendstream",
        b"<< /Producer (%s) >>" % producer.encode()]
pdf, offsets = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", []
for i, o in enumerate(objs, 1):
    offsets.append(len(pdf))
    pdf += b"%d 0 obj\n" % i + o + b"\nendobj\n"
xref = len(pdf)
pdf += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1) + b"".join(b"%010d 00000 n \n" % o for o in offsets)
pdf += b"trailer\n<< /Size %d /Root 1 0 R /Info 6 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
open(out, "wb").write(pdf)
EOF
      rm -rf "$gd" ;;
    pdfoutline)
      # A PDF whose text is drawn as outlines (unseen141): vector paths, no
      # fonts and no text layer, as design tools, some "print to PDF"
      # drivers and label printers' software write a page (a kiosk's or a
      # locker's e-mailed slip, a receipt exported from a design app). The
      # page printed to PDF from the browser (header and footer off, as
      # pdf), then rewritten by Ghostscript's pdfwrite with -dNoOutputFonts,
      # which draws every glyph as a filled path; the PDF version the tool
      # writes (1.4-1.7) and the application named as its creator (a design
      # app, a label printer's software) drawn from SEED and the document.
      # pdftotext gives nothing of the page's words; pdftoppm renders it as
      # sharp as the text PDF. Not harsh: every field stays legible to a
      # person, only the text layer is gone.
      command -v gs >/dev/null || { echo "heldout: pdfoutline needs Ghostscript (gs)" >&2; exit 1; }
      f=$docs/$n.pdfoutline.pdf
      local po=$docs/$n.pdfoutline.d level creator
      local creators=("Adobe Illustrator 28.2 (Windows)" "BarTender 2022 R8" "Canva" "Affinity Designer 2.4" "ZebraDesigner 3.2" "CorelDRAW 2024")
      rm -rf "$po" && mkdir -p "$po"
      chrome --no-pdf-header-footer --print-to-pdf="$po/text.pdf" "file://$PWD/$out/$s/html/$n.html"
      level=1.$((4 + $(pick "$n pdfoutline level" "$seed" 4)))
      creator=${creators[$(pick "$n pdfoutline creator" "$seed" ${#creators[@]})]}
      # Ghostscript names itself the producer whatever it is told; the
      # application is named as the creator.
      printf '[ /Creator (%s) /DOCINFO pdfmark\n' "$creator" >"$po/info.ps"
      gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -dNoOutputFonts -dCompatibilityLevel="$level" \
        -o "$f" "$po/text.pdf" "$po/info.ps" >/dev/null
      rm -rf "$po" ;;
    pdfcurves)
      # A PDF whose text was converted to outlines (unseen156): vector paths
      # where the type was, as a design tool's "outline fonts" export, some
      # label printers' drivers and flattening services write a page: it looks
      # like crisp type but nothing can be selected or extracted. The page
      # printed to PDF from the browser (header and footer off, as pdf), then
      # rewritten by Ghostscript's pdfwrite with -dNoOutputFonts. Unlike
      # pdfoutline, on a document that marks its header (an element of class
      # "pdfcurves-head") the header may be kept as real text, as a template's
      # letterhead or form title is when only the filled-in body was
      # flattened: whether it is drawn from SEED and the document. Then the
      # page is printed twice, once with the header hidden (outlined) and
      # once with everything but the header hidden and no page background
      # (kept as text), and qpdf overlays the second on the first, so the
      # page has a little real text and mostly outlines. Checked: one page;
      # `pdffonts` lists no font, or (header kept) some; `pdftotext` gives
      # nothing, or only the header's words; `pdftoppm` renders it as sharp
      # as the text PDF. Not harsh: every field stays legible to a person.
      command -v gs >/dev/null || { echo "heldout: pdfcurves needs Ghostscript (apt-get install ghostscript)" >&2; exit 1; }
      command -v qpdf >/dev/null || { echo "heldout: pdfcurves needs qpdf (apt-get install qpdf)" >&2; exit 1; }
      command -v pdffonts >/dev/null || { echo "heldout: pdfcurves needs pdffonts (apt-get install poppler-utils)" >&2; exit 1; }
      f=$docs/$n.pdfcurves.pdf
      local pc=$docs/$n.pdfcurves.d html=$out/$s/html/$n.html keephead=0 pcpages
      rm -rf "$pc" && mkdir -p "$pc"
      if grep -q 'class="[^"]*pdfcurves-head' "$html" && (($(pick "$n pdfcurves head" "$seed" 2) == 1)); then keephead=1; fi
      if ((keephead)); then
        sed 's#</head>#<style>.pdfcurves-head,.pdfcurves-head *{visibility:hidden !important}</style></head>#' "$html" >"$pc/body.html"
        sed 's#</head>#<style>html,body{background:transparent !important}body *{visibility:hidden !important}.pdfcurves-head,.pdfcurves-head *{visibility:visible !important}</style></head>#' "$html" >"$pc/head.html"
        chrome --no-pdf-header-footer --print-to-pdf="$pc/body.pdf" "file://$PWD/$pc/body.html"
        chrome --no-pdf-header-footer --print-to-pdf="$pc/head.pdf" "file://$PWD/$pc/head.html"
        gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -dNoOutputFonts -o "$pc/curves.pdf" "$pc/body.pdf" >"$pc/gs.log" 2>&1 ||
          { cat "$pc/gs.log" >&2; echo "heldout: $s $n pdfcurves: Ghostscript failed" >&2; exit 1; }
        qpdf "$pc/curves.pdf" --overlay "$pc/head.pdf" -- "$f"
      else
        chrome --no-pdf-header-footer --print-to-pdf="$pc/text.pdf" "file://$PWD/$html"
        gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -dNoOutputFonts -o "$f" "$pc/text.pdf" >"$pc/gs.log" 2>&1 ||
          { cat "$pc/gs.log" >&2; echo "heldout: $s $n pdfcurves: Ghostscript failed" >&2; exit 1; }
      fi
      pcpages=$(pdfinfo "$f" | sed -n 's/^Pages: *//p')
      [[ $pcpages == 1 ]] || { echo "heldout: $s $n pdfcurves: ${pcpages:-no} pages, not one" >&2; exit 1; }
      if ((keephead)); then
        pdffonts "$f" 2>/dev/null | tail -n +3 | grep -q . || { echo "heldout: $s $n pdfcurves: the kept header has no font" >&2; exit 1; }
      else
        ! pdffonts "$f" 2>/dev/null | tail -n +3 | grep -q . || { echo "heldout: $s $n pdfcurves: $f still has fonts" >&2; exit 1; }
      fi
      rm -rf "$pc" ;;
    pdftype3)
      # A text PDF whose text is drawn with Type 3 fonts (unseen149), as old
      # TeX/dvips output (PK bitmap fonts), some label printers' drivers and
      # report writers produce: each glyph a small bitmap or a path defined
      # in the PDF itself, so the text layer may or may not map back to
      # letters. The page printed to PDF from the browser (header and footer
      # off, as pdf), written out as PostScript by Ghostscript's ps2write
      # told the printer has no TrueType rasteriser (-dHaveTrueTypes=false),
      # which turns every font into a Type 3 font, then distilled again by
      # pdfwrite, which keeps them Type 3: each glyph a small one-bit image
      # mask (CCITT-compressed), as PK fonts and label printers' drivers
      # have. Two routes, drawn from SEED and the document: the glyphs
      # rasterised at 300 dpi (as dvips' 300 dpi PK fonts) or at ps2write's
      # own 720 dpi. Checked: one page, and `pdffonts` lists only
      # Type 3 fonts. Not harsh: `pdftoppm` renders the page as plain as the
      # text PDF; every field stays legible to a person.
      command -v gs >/dev/null || { echo "heldout: pdftype3 needs Ghostscript (apt-get install ghostscript)" >&2; exit 1; }
      command -v pdffonts >/dev/null || { echo "heldout: pdftype3 needs pdffonts (apt-get install poppler-utils)" >&2; exit 1; }
      f=$docs/$n.pdftype3.pdf
      local p3=$docs/$n.pdftype3.d t3res t3pages
      rm -rf "$p3" && mkdir -p "$p3"
      chrome --no-pdf-header-footer --print-to-pdf="$p3/text.pdf" "file://$PWD/$out/$s/html/$n.html"
      if (($(pick "$n pdftype3 route" "$seed" 2) == 0)); then t3res=300; else t3res=720; fi
      gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=ps2write -dHaveTrueTypes=false -r"$t3res" \
        -o "$p3/page.ps" "$p3/text.pdf" >"$p3/gs.log" 2>&1 &&
        gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -o "$f" "$p3/page.ps" >>"$p3/gs.log" 2>&1 ||
        { cat "$p3/gs.log" >&2; echo "heldout: $s $n pdftype3: Ghostscript failed" >&2; exit 1; }
      t3pages=$(pdfinfo "$f" | sed -n 's/^Pages: *//p')
      [[ $t3pages == 1 ]] || { echo "heldout: $s $n pdftype3: ${t3pages:-no} pages, not one" >&2; exit 1; }
      pdffonts "$f" 2>/dev/null | tail -n +3 | grep -q . &&
        ! pdffonts "$f" 2>/dev/null | tail -n +3 | grep -v "Type 3" | grep -q . ||
        { echo "heldout: $s $n pdftype3: $f has fonts that are not Type 3" >&2; exit 1; }
      rm -rf "$p3" ;;
    pdfa)
      # A PDF/A archive copy, as an employer's document management system,
      # an HR or benefits e-filing system or an insurer's claims archive
      # keeps a page and sends it on (unseen142): the browser's text PDF of
      # the page (printed as for pdf, header and footer off) converted by
      # Ghostscript to PDF/A-2 (-dPDFA=2 -dPDFACompatibilityPolicy=1,
      # colours converted to RGB, -sColorConversionStrategy=RGB) with an
      # sRGB output intent (Ghostscript's own srgb.icc embedded through its
      # PDFA_def.ps), the fonts embedded and the text layer kept; one page
      # (a print of more than one sheet is an error, not cut). The archive
      # system named as the file's Creator and the archive reference as its
      # Subject are drawn from SEED and the document. Check with `pdfinfo`
      # (PDF version 1.7, the metadata; `pdfinfo -meta` shows the XMP's
      # pdfaid:part 2, conformance B) and render back with `pdftoppm`. Not harsh: every field stays legible to a
      # person.
      f=$docs/$n.pdfa.pdf
      local pa=$docs/$n.pdfa.d icc pages asys aref
      rm -rf "$pa" && mkdir -p "$pa"
      chrome --no-pdf-header-footer --print-to-pdf="$pa/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      pages=$(pdfinfo "$pa/print.pdf" | sed -n 's/^Pages: *//p')
      [[ $pages == 1 ]] || { echo "heldout: $s $n pdfa: the print has ${pages:-no} pages, not one" >&2; exit 1; }
      case $(pick "$n pdfa system" "$seed" 4) in
        0) asys='DocuVault Records 9.2 PDF/A export' ;; 1) asys='HRfile Archive Service' ;;
        2) asys='ClaimStore e-Filing 4.1' ;; *) asys='Ledgerline DMS archive copy' ;;
      esac
      aref=$(printf 'ARC-%04d-%05d' "$((2020 + $(pick "$n pdfa year" "$seed" 7)))" "$(pick "$n pdfa ref" "$seed" 100000)")
      local adef
      icc=$(ls /usr/share/ghostscript/*/iccprofiles/srgb.icc 2>/dev/null | head -1 || true)
      adef=$(ls /usr/share/ghostscript/*/lib/PDFA_def.ps 2>/dev/null | head -1 || true)
      [[ -n $icc && -n $adef ]] || { echo "heldout: pdfa needs Ghostscript's iccprofiles/srgb.icc and lib/PDFA_def.ps" >&2; exit 1; }
      icc=$(readlink -f "$icc")
      sed -e "s|/Title (Title)|/Subject ($aref) /Creator ($asys)|" -e "s|/ICCProfile (srgb.icc)|/ICCProfile ($icc)|" \
        "$adef" >"$pa/PDFA_def.ps"
      gs -q -dBATCH -dNOPAUSE -dPDFA=2 -dPDFACompatibilityPolicy=1 -sColorConversionStrategy=RGB \
        -sDEVICE=pdfwrite --permit-file-read="$icc" -sOutputFile="$f" "$pa/PDFA_def.ps" "$pa/print.pdf" >"$pa/gs.log" 2>&1 ||
        { cat "$pa/gs.log" >&2; echo "heldout: $s $n pdfa: Ghostscript failed" >&2; exit 1; }
      pdfinfo -meta "$f" | grep -q "pdfaid:part='2'" ||
        { echo "heldout: $s $n pdfa: $f does not say it is PDF/A-2" >&2; exit 1; }
      rm -rf "$pa" ;;
    pdfcropbox)
      # A PDF whose visible page was cropped (unseen146): a viewer's crop
      # (Preview's Crop), a portal's "trim margins" or a scanner app's
      # auto-crop writes a /CropBox smaller than the /MediaBox, so what lies
      # outside it (a print header naming an older order or another record,
      # a footer, a margin note) is still in the file and its text layer but
      # not shown. The browser's text PDF of the page (header and footer off,
      # one sheet) is rendered at 72 dpi to find the box of its print; the
      # crop cuts 9.0-11.9% of that box's height off its top and off its
      # bottom (each drawn from SEED and the document) and keeps 4-12 pt of
      # white beside it left and right (drawn the same way); Ghostscript's
      # pdfwrite writes it with a /CropBox pdfmark, the text layer kept.
      # Documents made so carry their fields well inside (at least a tenth
      # of the print's height from its top and bottom: 15% or more). Checked here with
      # `pdfinfo -box` (the CropBox inside and smaller than the MediaBox);
      # `pdftoppm` renders only the crop, `pdftotext` without `-cropbox`
      # still gives the text outside it. Not harsh: what the page shows is
      # the browser's text PDF, every field legible.
      f=$docs/$n.pdfcropbox.pdf
      command -v gs >/dev/null || { echo "heldout: pdfcropbox needs Ghostscript (apt-get install ghostscript)" >&2; exit 1; }
      command -v pdftoppm >/dev/null || { echo "heldout: pdfcropbox needs pdftoppm and pdfinfo (apt-get install poppler-utils)" >&2; exit 1; }
      local pc=$docs/$n.pdfcropbox.d pages pw ph bb bw bh bx by ft fb sl sr box
      rm -rf "$pc" && mkdir -p "$pc"
      chrome --no-pdf-header-footer --print-to-pdf="$pc/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      pages=$(pdfinfo "$pc/print.pdf" | sed -n 's/^Pages: *//p')
      [[ $pages == 1 ]] || { echo "heldout: $s $n pdfcropbox: the print has ${pages:-no} pages, not one" >&2; exit 1; }
      read -r pw ph < <(pdfinfo "$pc/print.pdf" | sed -n 's/^Page size: *\([0-9.]*\) x \([0-9.]*\) pts.*/\1 \2/p')
      pdftoppm -r 72 -singlefile -png "$pc/print.pdf" "$pc/page"
      bb=$(convert "$pc/page.png" -trim -format '%@' info:)
      [[ $bb =~ ^([0-9]+)x([0-9]+)\+([0-9]+)\+([0-9]+)$ ]] || { echo "heldout: $s $n pdfcropbox: no print found on the page" >&2; exit 1; }
      bw=${BASH_REMATCH[1]} bh=${BASH_REMATCH[2]} bx=${BASH_REMATCH[3]} by=${BASH_REMATCH[4]}
      ft=$((90 + $(pick "$n pdfcropbox top" "$seed" 30)))
      fb=$((90 + $(pick "$n pdfcropbox bottom" "$seed" 30)))
      sl=$((4 + $(pick "$n pdfcropbox left" "$seed" 9)))
      sr=$((4 + $(pick "$n pdfcropbox right" "$seed" 9)))
      # PDF space counts y up from the bottom; the image counts it down.
      box=$(awk -v pw="$pw" -v ph="$ph" -v bw="$bw" -v bh="$bh" -v bx="$bx" -v by="$by" \
        -v ft="$ft" -v fb="$fb" -v sl="$sl" -v sr="$sr" 'BEGIN{
          x0 = bx - sl; if (x0 < 0) x0 = 0
          x1 = bx + bw + sr; if (x1 > pw) x1 = pw
          y1 = ph - (by + bh * ft / 1000)
          y0 = ph - (by + bh - bh * fb / 1000)
          printf "%.2f %.2f %.2f %.2f", x0, y0, x1, y1 }')
      gs -q -dBATCH -dNOPAUSE -dSAFER -sDEVICE=pdfwrite -o "$f" \
        -c "[/CropBox [$box] /PAGES pdfmark" -f "$pc/print.pdf" >"$pc/gs.log" 2>&1 ||
        { cat "$pc/gs.log" >&2; echo "heldout: $s $n pdfcropbox: Ghostscript failed" >&2; exit 1; }
      pdfinfo -box "$f" | awk '/^MediaBox:/{m=$4*$5} /^CropBox:/{c=($4-$2)*($5-$3)} END{exit !(c > 0 && m > 0 && c < 0.95 * m)}' ||
        { echo "heldout: $s $n pdfcropbox: $f has no CropBox smaller than its MediaBox" >&2; exit 1; }
      rm -rf "$pc" ;;
    pdflabelsize)
      # A PDF whose page is the size of the label it was printed for
      # (unseen162), as label printers' drivers and pharmacy and vet systems
      # write a label "to PDF": one label per page, on a page of 4x6 in (a
      # shipping label), 62x100 mm or 62x29 mm (Brother QL rolls), 2.25x1.25
      # in (Dymo) or 3.5x2 in, portrait or landscape; where the page's
      # orientation is not the label's, the label is drawn turned 90 degrees
      # on it. The browser prints the page at its own viewport size (one
      # sheet, no margin: 1 CSS px is 0.75 pt, a text PDF); each label (the
      # page's whole print, or its N labels one above the other where
      # `<meta name="heldout-labels" content="N">` says so) is cut out by Ghostscript onto a
      # page of its own size and re-printed onto the label page, fitted
      # (-dFIXEDMEDIA -dPDFFitPage, which turns it when that fits better),
      # the text layer kept; qpdf joins the pages. The roll and the page's
      # orientation are drawn from SEED and the document among those that
      # print the labels at their real small size (a scale of 0.5 to 0.8 of
      # the page, so print of 16 px comes out at 6 to 9.6 pt). Checked with
      # pdfinfo: one page per label, each the chosen size. Not harsh: every
      # field stays legible when printed or zoomed (pdftoppm -r 300).
      f=$docs/$n.pdflabelsize.pdf
      command -v gs >/dev/null || { echo "heldout: pdflabelsize needs Ghostscript (apt-get install ghostscript)" >&2; exit 1; }
      command -v qpdf >/dev/null || { echo "heldout: pdflabelsize needs qpdf (apt-get install qpdf)" >&2; exit 1; }
      command -v pdftoppm >/dev/null && command -v pdfinfo >/dev/null ||
        { echo "heldout: pdflabelsize needs pdftoppm and pdfinfo (apt-get install poppler-utils)" >&2; exit 1; }
      local pl=$docs/$n.pdflabelsize.d vp vw vh labels bb pick_roll roll rw rh lw lh i x y w h pages
      local -a boxes=() rolls=() fits=() outs=()
      rm -rf "$pl" && mkdir -p "$pl"
      vp=$(sed -n 's/.*name="heldout-viewport" content="\([0-9x@.]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      vp=${vp:-900x520@2}; vw=${vp%%x*}; vh=${vp#*x}; vh=${vh%@*}
      sed "s|<head>|<head><style>@page{size:${vw}px ${vh}px;margin:0}</style>|" "$out/$s/html/$n.html" >"$out/$s/html/$n.pdflabelsize.html"
      chrome --no-pdf-header-footer --print-to-pdf="$pl/print.pdf" "file://$PWD/$out/$s/html/$n.pdflabelsize.html"
      rm -f "$out/$s/html/$n.pdflabelsize.html"
      pages=$(pdfinfo "$pl/print.pdf" | sed -n 's/^Pages: *//p')
      [[ $pages == 1 ]] || { echo "heldout: $s $n pdflabelsize: the print has ${pages:-no} pages, not one" >&2; exit 1; }
      # The labels on the print (pdftoppm at 96 dpi: a pixel a CSS px): a page
      # whose `<meta name="heldout-labels" content="N">` says it holds N
      # labels one above the other is cut at the N-1 widest blank bands
      # between rows of print; otherwise the whole print is one label. Each
      # label's box is its print with 8 px of white round it.
      labels=$(sed -n 's/.*name="heldout-labels" content="\([0-9]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      pdftoppm -r 96 -singlefile -png "$pl/print.pdf" "$pl/page"
      local ph96 bands
      ph96=$(identify -format %h "$pl/page.png")
      bands=$(convert "$pl/page.png" -colorspace Gray -scale "1x${ph96}!" -depth 16 txt:- |
        awk -F'[,:() ]+' -v n="${labels:-1}" 'NR > 1 { y = $2; ink = ($4 < 65500)
            if (ink) { if (start == "") start = y; else if (y - last > 1) { g[++k] = last + 1; gs[k] = y - last - 1; e[k] = last; b[k + 1] = y }; last = y; if (!b[1]) b[1] = start } }
          END { # keep the n-1 widest gaps
            for (i = 1; i <= k; i++) keep[i] = 0
            for (j = 1; j < n; j++) { best = 0; for (i = 1; i <= k; i++) if (!keep[i] && gs[i] > gs[best]) best = i; if (best) keep[best] = 1 }
            top = b[1]; for (i = 1; i <= k; i++) if (keep[i]) { print top, e[i]; top = b[i + 1] }; print top, last }')
      while read -r y0 y1; do
        bb=$(convert "$pl/page.png" -crop "x$((y1 - y0 + 1))+0+$y0" +repage -trim -format '%@' info:)
        [[ $bb =~ ^([0-9]+)x([0-9]+)\+([0-9]+)\+([0-9]+)$ ]] || { echo "heldout: $s $n pdflabelsize: no print found on the page" >&2; exit 1; }
        boxes+=("$((BASH_REMATCH[3] - 8)),$((y0 + BASH_REMATCH[4] - 8)),$((BASH_REMATCH[1] + 16)),$((BASH_REMATCH[2] + 16))")
      done <<<"$bands"
      [[ -z $labels || ${#boxes[@]} == "$labels" ]] || { echo "heldout: $s $n pdflabelsize: found ${#boxes[@]} labels, not $labels" >&2; exit 1; }
      # The largest label decides which rolls print every label at 0.5-0.8.
      read -r lw lh < <(printf '%s\n' "${boxes[@]}" | awk -F, '{w = $3 * 0.75; h = $4 * 0.75; if (w > mw) mw = w; if (h > mh) mh = h} END {print mw, mh}')
      mapfile -t fits < <(awk -v lw="$lw" -v lh="$lh" 'BEGIN {
        split("288 432 4x6in;175.75 283.46 62x100mm;175.75 82.2 62x29mm;90 162 dymo-2.25x1.25in;144 252 3.5x2in", r, ";")
        for (i in r) { split(r[i], d, " ")
          for (o = 0; o < 2; o++) {
            pw = o ? d[2] : d[1]; ph = o ? d[1] : d[2]
            s1 = pw / lw < ph / lh ? pw / lw : ph / lh; s2 = pw / lh < ph / lw ? pw / lh : ph / lw
            s = s1 > s2 ? s1 : s2
            if (s >= 0.5 && s <= 0.8) printf "%s %s %s-%s %.2f\n", pw, ph, d[3], o ? "landscape" : "portrait", s } } }' | sort)
      ((${#fits[@]})) || { echo "heldout: $s $n pdflabelsize: no label roll prints a ${lw}x${lh} pt label at 0.5-0.8" >&2; exit 1; }
      roll=${fits[$(pick "$n pdflabelsize roll" "$seed" "${#fits[@]}")]}
      read -r rw rh _ _ <<<"$roll"
      i=0
      for b in "${boxes[@]}"; do
        IFS=, read -r x y w h <<<"$b"
        i=$((i + 1))
        # The label alone on a page of its own size: PDF counts y up from the bottom.
        gs -q -dBATCH -dNOPAUSE -dSAFER -sDEVICE=pdfwrite \
          -dDEVICEWIDTHPOINTS="$(awk -v w="$w" 'BEGIN{printf "%.2f", w * 0.75}')" \
          -dDEVICEHEIGHTPOINTS="$(awk -v h="$h" 'BEGIN{printf "%.2f", h * 0.75}')" -dFIXEDMEDIA \
          -o "$pl/cut$i.pdf" -c "<</PageOffset [$(awk -v x="$x" -v y="$y" -v h="$h" -v vh="$vh" 'BEGIN{printf "%.2f %.2f", -x * 0.75, -(vh - y - h) * 0.75}')]>> setpagedevice" \
          -f "$pl/print.pdf" >"$pl/gs.log" 2>&1 || { cat "$pl/gs.log" >&2; echo "heldout: $s $n pdflabelsize: Ghostscript failed" >&2; exit 1; }
        gs -q -dBATCH -dNOPAUSE -dSAFER -sDEVICE=pdfwrite -dDEVICEWIDTHPOINTS="$rw" -dDEVICEHEIGHTPOINTS="$rh" \
          -dFIXEDMEDIA -dPDFFitPage -dAutoRotatePages=/None -o "$pl/label$i.pdf" "$pl/cut$i.pdf" >"$pl/gs.log" 2>&1 ||
          { cat "$pl/gs.log" >&2; echo "heldout: $s $n pdflabelsize: Ghostscript failed" >&2; exit 1; }
        outs+=("$pl/label$i.pdf")
      done
      qpdf --empty --pages "${outs[@]}" -- "$f"
      pages=$(pdfinfo "$f" | sed -n 's/^Pages: *//p')
      [[ $pages == "${#boxes[@]}" ]] || { echo "heldout: $s $n pdflabelsize: $f has ${pages:-no} pages, not ${#boxes[@]}" >&2; exit 1; }
      pdfinfo -f 1 -l "$pages" "$f" | awk -v w="$rw" -v h="$rh" '/^Page +[0-9]+ size:/ {n++; if ($4 - w > 1 || w - $4 > 1 || $6 - h > 1 || h - $6 > 1) bad++} END {exit !(n > 0 && !bad)}' ||
        { echo "heldout: $s $n pdflabelsize: $f's pages are not ${rw}x${rh} pt" >&2; exit 1; }
      echo "heldout: $s $n pdflabelsize: ${roll% *} (scale ${roll##* }), $pages page(s)" >&2
      rm -rf "$pl" ;;
    pdfprotect)
      # The page as a protected PDF, as pharmacy portals, insurers and banks
      # send statements and records (unseen140): it opens without a password
      # (the user password empty) but carries an owner password and
      # restrictions: printing allowed (high quality too), no copying, no
      # changing, no notes or forms, assembly refused; one in two also lets
      # screen readers extract the text (/P -1340, otherwise -1852). The
      # browser prints the page (a text PDF, header and footer off) and
      # Ghostscript's pdfwrite rewrites it, the text layer kept: encrypted
      # with RC4-128 (-dEncryptionR=3 -dKeyLength=128) or, for the other
      # half, written plain and encrypted with AES-128 (revision 4, AESV2)
      # by pdf_aes128 (Ghostscript encrypts only with RC4). The cipher, the
      # owner password and the permissions are drawn from SEED and the
      # document. Checked with pdfinfo: encrypted, print yes, copy no,
      # change no, the cipher asked for. Not harsh: the page is the same
      # text PDF a viewer shows; only the extraction a tool may do is
      # restricted.
      f=$docs/$n.pdfprotect.pdf
      local pp=$docs/$n.pdfprotect.d owner perms cipher
      rm -rf "$pp" && mkdir -p "$pp"
      chrome --no-pdf-header-footer --print-to-pdf="$pp/page.pdf" "file://$PWD/$out/$s/html/$n.html"
      owner=$(printf 'pp%08x' "$(cksum <<<"$n pdfprotect owner $seed" | cut -d' ' -f1)")
      if (($(pick "$n pdfprotect extract" "$seed" 2) == 0)); then perms=-1340; else perms=-1852; fi
      if (($(pick "$n pdfprotect cipher" "$seed" 2) == 0)); then
        cipher=RC4
        gs -q -dBATCH -dNOPAUSE -dSAFER -sDEVICE=pdfwrite -sOwnerPassword="$owner" -sUserPassword= \
          -dEncryptionR=3 -dKeyLength=128 -dPermissions="$perms" -o "$f" "$pp/page.pdf"
      else
        cipher=AES
        gs -q -dBATCH -dNOPAUSE -dSAFER -sDEVICE=pdfwrite -o "$pp/plain.pdf" "$pp/page.pdf"
        pdf_aes128 "$pp/plain.pdf" "$f" "$owner" "$perms" "$n $seed"
      fi
      pdfinfo "$f" | grep -q "^Encrypted: *yes (print:yes copy:no change:no .*algorithm:$cipher)" \
        || { echo "heldout: $s $n pdfprotect: $f is not an RC4/AES protected PDF that allows printing only" >&2; exit 1; }
      rm -rf "$pp" ;;
    pdfannot)
      # A PDF the patient marked up in a PDF viewer before uploading it
      # (unseen144), as patients do in macOS Preview, Acrobat Reader or Edge
      # to point the clinic at the right page: the browser's text PDF of the
      # page (printed as for pdf, header and footer off; one page, a print
      # of more than one sheet is an error) with annotations added as a
      # viewer saves them, in an incremental update after the original file
      # (the page's content stream untouched): two /FreeText notes typed onto
      # the page ("this is the right one", "my dose now"...), a /Highlight
      # over one line of print (yellow, multiplied: the print under it stays
      # black) and a /Text sticky note (a comment icon with its words in
      # /Contents), each with its /AP appearance stream so every viewer
      # draws it alike, the author and the viewer's time stamp in /T and /M.
      # The notes and the sticky note are placed only where the page is
      # blank (the print measured on pdftoppm's rendering, 36 dpi, with a
      # margin round it), the highlighted line chosen among the bands of
      # print; the wording, the places, the line, the colours and the viewer
      # drawn from SEED and the document. qpdf rewrites the print with a
      # plain cross-reference table first (no object streams) so the update
      # can name the page. pdftoppm renders the notes; pdftotext gives the
      # page's own words only (annotations are not page text). Not harsh:
      # nothing printed is covered, every field stays legible to a person.
      command -v qpdf >/dev/null || { echo "heldout: pdfannot needs qpdf (apt-get install qpdf)" >&2; exit 1; }
      command -v pdftoppm >/dev/null || { echo "heldout: pdfannot needs pdftoppm (apt-get install poppler-utils)" >&2; exit 1; }
      f=$docs/$n.pdfannot.pdf
      local pn=$docs/$n.pdfannot.d pages
      rm -rf "$pn" && mkdir -p "$pn"
      chrome --no-pdf-header-footer --print-to-pdf="$pn/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      pages=$(pdfinfo "$pn/print.pdf" | sed -n 's/^Pages: *//p')
      [[ $pages == 1 ]] || { echo "heldout: $s $n pdfannot: the print has ${pages:-no} pages, not one" >&2; exit 1; }
      qpdf --object-streams=disable --stream-data=preserve "$pn/print.pdf" "$pn/plain.pdf"
      pdftoppm -r 36 -gray -singlefile "$pn/plain.pdf" "$pn/page"
      python3 - "$pn/plain.pdf" "$pn/page.pgm" "$f" "$n" "$seed" "${HELDOUT_TODAY:-$(date +%F)}" <<'EOF' ||
import hashlib, re, sys
src, pgm, out, name, seed, today = sys.argv[1:7]
def pick(what, k):
    return int(hashlib.sha256(("%s pdfannot %s %s" % (name, what, seed)).encode()).hexdigest(), 16) % k
pdf = open(src, "rb").read()
# The page's grey rendering: P5 PGM, 36 dpi, so one pixel is 2 points.
raw = open(pgm, "rb").read()
tok = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", raw)
pw, ph = int(tok.group(1)), int(tok.group(2))
px = raw[tok.end():]
m = re.search(rb"/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
W, H = float(m.group(3)), float(m.group(4))
sx, sy = W / pw, H / ph
ink = [[px[y * pw + x] < 225 for x in range(pw)] for y in range(ph)]
# Blank: no ink within 4 px (8 pt) of a box; a summed-area table of ink.
pad = 4
S = [[0] * (pw + 1) for _ in range(ph + 1)]
for y in range(ph):
    r = 0
    for x in range(pw):
        r += ink[y][x]
        S[y + 1][x + 1] = S[y][x + 1] + r
def clear(x0, y0, x1, y1):
    x0, y0, x1, y1 = max(0, x0 - pad), max(0, y0 - pad), min(pw, x1 + pad), min(ph, y1 + pad)
    return S[y1][x1] - S[y0][x1] - S[y1][x0] + S[y0][x0] == 0
taken = []
# The page's own extent (where its print, frame or border, lies); notes go
# inside it, as a patient types them beside the words.
rows_in = [y for y in range(ph) if any(ink[y])]
cols_in = [x for x in range(pw) if any(ink[y][x] for y in range(ph))]
bx0, by0, bx1, by1 = cols_in[0], rows_in[0], cols_in[-1] + 1, rows_in[-1] + 1
def place(wpt, hpt, what):
    w, h = int(wpt / sx) + 1, int(hpt / sy) + 1
    edge = 3
    spots = [(x, y) for y in range(by0 + edge, by1 - edge - h, 3) for x in range(bx0 + edge, bx1 - edge - w, 3)
             if clear(x, y, x + w, y + h)
             and all(x + w + 4 < a or a2 + 4 < x or y + h + 4 < b or b2 + 4 < y for a, b, a2, b2 in taken)]
    if not spots:
        return None
    x, y = spots[pick(what, len(spots))]
    taken.append((x, y, x + w, y + h))
    return (x * sx, H - (y + h) * sy, x * sx + wpt, H - y * sy)
notes = ["this is the right one", "my dose now", "the corrected one", "this one is mine",
         "see the date here", "replacement - the one I use", "sent back the wrong one", "current pen"]
stickies = ["Pharmacy phoned me and fixed it. This is my current supply.",
            "The first one went back to the pharmacy, this is the right one.",
            "Please use this letter for my check-in."]
viewers = [("Preview", "Me"), ("Acrobat Reader", "Patient"), ("Microsoft Edge", "User"), ("Preview", "iPhone")]
viewer, author = viewers[pick("viewer", len(viewers))]
colours = [(0.86, 0.1, 0.1), (0.1, 0.25, 0.8), (0.05, 0.45, 0.15)]
col = colours[pick("colour", len(colours))]
stamp = "D:%s%s%s%02d%02d00Z" % (today[0:4], today[5:7], today[8:10], 9 + pick("hour", 10), pick("minute", 60))
def pdfstr(t):
    return b"(" + t.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)").encode("latin-1") + b")"
def rect(r):
    return b"[%.2f %.2f %.2f %.2f]" % r
objs = []  # (body bytes); numbered after the file's last object
size = int(re.findall(rb"/Size\s+(\d+)", pdf)[-1])
def add(body):
    objs.append(body)
    return size + len(objs) - 1
def stream(d, data):
    return b"<< " + d + b" /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"
helv = b"<< /Font << /Helv << /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >> >> >>"
annots = []
common = b" /T %s /M (%s) /F 4 /NM (%s)" % (pdfstr(author), stamp.encode(), b"%s-%%d" % viewer.replace(" ", "").encode())
k = 0
first = pick("note", len(notes))
for i, t in enumerate([notes[first], notes[(first + 1 + pick("note2", len(notes) - 1)) % len(notes)]]):
    fs = 12 + pick("size%d" % i, 3)
    wpt, hpt = len(t) * fs * 0.52 + 8, fs + 8
    r = place(wpt, hpt, "note%d place" % i)
    if r is None:
        continue
    ap = b"q %.3f %.3f %.3f rg BT /Helv %d Tf 4 %.2f Td %s Tj ET Q" % (col + (fs, (hpt - fs) / 2 + 1.5, pdfstr(t)))
    n_ap = add(stream(b"/Type /XObject /Subtype /Form /BBox [0 0 %.2f %.2f] /Resources %s" % (wpt, hpt, helv), ap))
    annots.append(add(b"<< /Type /Annot /Subtype /FreeText /Rect %s /Contents %s /DA (/Helv %d Tf %.3f %.3f %.3f rg) /Q 0"
                      b" /AP << /N %d 0 R >>%s >>" % ((rect(r), pdfstr(t), fs) + col + (n_ap, common % k))))
    k += 1
# The highlight: one line of print (a band of rows holding ink, 3-9 px
# high, blank rows above and below it: not a table's cell) in the page's
# middle, over its inked extent; ruled lines (columns inked down a quarter of
# the page, rows inked across most of it) are not print.
rules = {x for x in range(pw) if sum(ink[y][x] for y in range(by0, by1)) > 0.25 * (by1 - by0)}
cnt = [sum(1 for x in range(pw) if ink[y][x] and x not in rules) for y in range(ph)]
cnt = [0 if c > 0.8 * (bx1 - bx0) else c for c in cnt]
bands, y = [], 1
while y < ph - 1:
    if cnt[y] >= 2:
        y0 = y
        while y < ph - 1 and cnt[y] >= 2:
            y += 1
        if 3 <= y - y0 <= 9 and ph * 0.15 < y0 < ph * 0.85 and cnt[y0 - 1] == 0 and cnt[y] == 0:
            xs = [x for yy in range(y0, y) for x in range(pw) if ink[yy][x] and x not in rules]
            if max(xs) - min(xs) > 20:
                bands.append((min(xs), y0, max(xs) + 1, y))
    y += 1
if bands:
    x0, y0, x1, y1 = bands[pick("band", len(bands))]
    r = (x0 * sx - 1, H - (y1 + 0.7) * sy, x1 * sx + 1, H - (y0 - 0.7) * sy)
    gs = b"<< /ExtGState << /G0 << /Type /ExtGState /BM /Multiply /ca 1 /CA 1 >> >> >>"
    ap = b"q /G0 gs 1 0.91 0.25 rg %.2f %.2f %.2f %.2f re f Q" % (r[0], r[1], r[2] - r[0], r[3] - r[1])
    n_ap = add(stream(b"/Type /XObject /Subtype /Form /BBox %s /Resources %s" % (rect(r), gs), ap))
    q = b"[%.2f %.2f %.2f %.2f %.2f %.2f %.2f %.2f]" % (r[0], r[3], r[2], r[3], r[0], r[1], r[2], r[1])
    annots.append(add(b"<< /Type /Annot /Subtype /Highlight /Rect %s /QuadPoints %s /C [1 0.91 0.25] /CA 1"
                      b" /AP << /N %d 0 R >>%s >>" % (rect(r), q, n_ap, common % k)))
    k += 1
r = place(20, 20, "sticky place")
if r is not None:
    t = stickies[pick("sticky", len(stickies))]
    ap = (b"q 1 0.84 0.2 rg 0.45 0.35 0 RG 0.8 w 0.5 0.5 19 19 re B 0.45 0.35 0 RG 4 14 m 16 14 l 4 10 m 16 10 l"
          b" 4 6 m 12 6 l S Q")
    n_ap = add(stream(b"/Type /XObject /Subtype /Form /BBox [0 0 20 20]", ap))
    annots.append(add(b"<< /Type /Annot /Subtype /Text /Rect %s /Contents %s /Name /Comment /Open false /C [1 0.84 0.2]"
                      b" /AP << /N %d 0 R >>%s >>" % (rect(r), pdfstr(t), n_ap, common % k)))
if len(annots) < 3:
    sys.exit("heldout: pdfannot: %s has room for only %d annotations" % (name, len(annots)))
# The page object, written again with its /Annots.
pm = [m for m in re.finditer(rb"(\d+) 0 obj\s*(<<.*?>>)\s*endobj", pdf, re.S) if re.search(rb"/Type\s*/Page\b(?!s)", m.group(2))]
if len(pm) != 1 or b"/Annots" in pm[0].group(2):
    sys.exit("heldout: pdfannot: %s: not one page object without annotations" % name)
pnum, pdict = int(pm[0].group(1)), pm[0].group(2)
refs = b" ".join(b"%d 0 R" % a for a in annots)
newpage = pdict[:-2].rstrip() + b" /Annots [" + refs + b"] >>"
tr = pdf[pdf.rfind(b"trailer"):]
root = re.search(rb"/Root\s+\d+\s+0\s+R", tr).group(0)
info = re.search(rb"/Info\s+\d+\s+0\s+R", tr)
ids = re.search(rb"/ID\s*\[[^\]]*\]", tr)
prev = int(re.findall(rb"startxref\s+(\d+)", pdf)[-1])
body = pdf if pdf.endswith(b"\n") else pdf + b"\n"
offs = {}
for i, o in enumerate(objs):
    offs[size + i] = len(body)
    body += b"%d 0 obj\n" % (size + i) + o + b"\nendobj\n"
offs[pnum] = len(body)
body += b"%d 0 obj\n" % pnum + newpage + b"\nendobj\n"
xref = len(body)
body += b"xref\n%d 1\n%010d 00000 n \n%d %d\n" % (pnum, offs[pnum], size, len(objs))
body += b"".join(b"%010d 00000 n \n" % offs[size + i] for i in range(len(objs)))
body += b"trailer\n<< /Size %d %s%s%s /Prev %d >>\nstartxref\n%d\n%%%%EOF\n" % (
    size + len(objs), root, (b" " + info.group(0)) if info else b"", (b" " + ids.group(0)) if ids else b"", prev, xref)
open(out, "wb").write(body)
EOF
        { echo "heldout: $s $n pdfannot: the annotations could not be written" >&2; exit 1; }
      [[ $(pdfinfo "$f" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfannot: $f does not open as one page" >&2; exit 1; }
      rm -rf "$pn" ;;
    pdf2up)
      # Printed to PDF with the print dialog's "pages per sheet" set to 2
      # (or 4), as a print driver's "print to PDF" writes it (unseen147):
      # the browser's print of the page (its header and footer on or off,
      # drawn from SEED and the document), each sheet rendered at 200 dpi
      # and scaled down into its slot: 2 slots side by side on a landscape
      # sheet (three times in four) or a 2x2 grid on a portrait sheet, the
      # sheet A4 for a document whose name starts uk-, US Letter otherwise;
      # the pages in reading order, each centred in its slot, a slot beyond the document's last page
      # left blank; a thin grey border round each slot where the driver's
      # "print page borders" is on (drawn the same way). The driver writes
      # the sheet as one page image (JPEG 90, 200 dpi), no text layer.
      # Every field stays legible at print size (checked at 150 dpi with
      # pdftoppm). Not harsh.
      command -v pdftoppm >/dev/null || { echo "heldout: pdf2up needs pdftoppm (poppler-utils)" >&2; exit 1; }
      command -v pdfinfo >/dev/null || { echo "heldout: pdf2up needs pdfinfo (poppler-utils)" >&2; exit 1; }
      f=$docs/$n.pdf2up.pdf
      local nd=$docs/$n.pdf2up.d cols rows SW SH slotw sloth gap k=0 x y sheets=() head=() frame=() pages
      rm -rf "$nd" && mkdir -p "$nd"
      (($(pick "$n pdf2up head" "$seed" 2) == 0)) && head=(--no-pdf-header-footer)
      chrome "${head[@]}" --print-to-pdf="$nd/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      pages=$(pdfinfo "$nd/print.pdf" | sed -n 's/^Pages: *//p')
      if (($(pick "$n pdf2up layout" "$seed" 4) == 0)); then cols=2 rows=2; else cols=2 rows=1; fi
      # The sheet at 200 dpi: A4 is 1654x2339, Letter 1700x2200 (portrait).
      if [[ $n == uk-* ]]; then SW=1654 SH=2339; else SW=1700 SH=2200; fi
      ((rows == 1)) && { local t=$SW; SW=$SH SH=$t; }
      gap=40 # the driver's margin round the sheet and between slots (0.2 inch)
      slotw=$(((SW - gap * (cols + 1)) / cols)) sloth=$(((SH - gap * (rows + 1)) / rows))
      (($(pick "$n pdf2up border" "$seed" 2) == 0)) && frame=(-bordercolor '#8a8a8a' -border 2)
      pdftoppm -r 200 -png "$nd/print.pdf" "$nd/page"
      local args=() pg
      for pg in "$nd"/page-*.png; do
        x=$((gap + (k % cols) * (slotw + gap))) y=$((gap + (k / cols % rows) * (sloth + gap)))
        convert "$pg" -resize "${slotw}x${sloth}" -background white -gravity center -extent "${slotw}x${sloth}" +gravity \
          "${frame[@]}" "$nd/slot-$k.png"
        args+=("$nd/slot-$k.png" -geometry "+$x+$y" -compose over -composite)
        k=$((k + 1))
        if ((k % (cols * rows) == 0 || k == pages)); then
          convert -size "${SW}x${SH}" xc:white "${args[@]}" -type TrueColor -units PixelsPerInch -density 200 \
            -quality 90 "$nd/sheet-$(printf %02d "${#sheets[@]}").jpg"
          sheets+=("$nd/sheet-$(printf %02d "${#sheets[@]}").jpg")
          args=()
        fi
      done
      jpegs_to_pdf "$f" 200 "${sheets[@]}"
      rm -rf "$nd" ;;
    pdfform)
      # A fillable PDF form (AcroForm) as the patient filled it in a browser
      # or Acrobat and saved it, kept fillable (unseen148): the printed form
      # is the page's content, an image of the page with its answer boxes
      # empty, and the answers (the page's elements with a data-field
      # attribute: name, medicine, strength, pharmacy, dates, as the form
      # labels them) are AcroForm text fields over their boxes, each a
      # widget annotation with its /V value and an appearance stream, so a
      # viewer shows them and pdftotext, reading the page's own content,
      # does not. Built with python3-reportlab's acroform (not flattened).
      # Drawn from SEED and the document: the answers' font (Helvetica, as
      # most viewers fill, or Courier), their left inset (2-4 pt) and the
      # page image's JPEG quality (86-94). Not harsh: every answer is shown.
      f=$docs/$n.pdfform.pdf
      # Debian's python3-reportlab is in the system python's path, which a
      # python3 of pyenv or a venv first on PATH does not see.
      local rlpy=
      for rlpy in python3 /usr/bin/python3 ''; do
        [[ -n $rlpy ]] && "$rlpy" -c 'import reportlab' 2>/dev/null && break
      done
      [[ -n $rlpy ]] || { echo "heldout: pdfform needs python3-reportlab (apt-get install python3-reportlab)" >&2; exit 1; }
      grep -q 'data-field=' "$out/$s/html/$n.html" \
        || { echo "heldout: $s $n pdfform: the page has no data-field answers" >&2; exit 1; }
      local pp vp w h scale box ffont finset fq
      pp=$docs/$n.pdfform.tmp
      mkdir -p "$pp"
      page "$s" "$n" >/dev/null
      vp=$(sed -n 's/.*name="heldout-viewport" content="\([0-9x@.]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      vp=${vp:-900x520@2}
      w=${vp%%x*} h=${vp#*x}; h=${h%@*} scale=${vp#*@}
      # The blank form: the answers transparent (their boxes stay). The
      # boxes page: each answer's box a solid colour of its own and its
      # text and border transparent, rendered as the page is, so each box
      # is found where the screenshot has it; a script at the end of the
      # body writes each answer's text and font into the DOM that Chromium
      # dumps.
      python3 - "$out/$s/html/$n.html" "$pp" <<'PYEOF'
import pathlib, re, sys
src = pathlib.Path(sys.argv[1]).read_text()
pp = pathlib.Path(sys.argv[2])
hide = "<style>[data-field]{color:transparent !important}</style>"
pp.joinpath("blank.html").write_text(src.replace("</head>", hide + "</head>", 1))
n = [0]
def paint(m):
    i = n[0]; n[0] += 1
    return f'{m.group(0)} style="background:rgb(255,{3 + i * 7},{250 - i * 5}) !important;border-color:transparent !important;color:transparent !important"'
boxes = re.sub(r'data-field="[^"]*"', paint, src)
pp.joinpath("boxes.html").write_text(boxes)
js = ("<script>(function(){var r=[].slice.call(document.querySelectorAll('[data-field]')).map(function(e){"
      "var cs=getComputedStyle(e);return {name:e.getAttribute('data-field'),"
      "value:e.textContent.replace(/\\s+/g,' ').trim(),fs:parseFloat(cs.fontSize),bold:parseInt(cs.fontWeight)>=600}});"
      "var p=document.createElement('pre');p.id='ffbox';p.textContent=JSON.stringify(r);"
      "document.body.appendChild(p);})();</script>")
pp.joinpath("values.html").write_text(src.replace("</body>", js + "</body>", 1))
PYEOF
      chrome --force-device-scale-factor="$scale" --window-size="$w,$h" \
        --screenshot="$PWD/$pp/blank.raw.png" "file://$PWD/$pp/blank.html"
      chrome --force-device-scale-factor="$scale" --window-size="$w,$h" \
        --screenshot="$PWD/$pp/boxes.raw.png" "file://$PWD/$pp/boxes.html"
      chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$profile" --hide-scrollbars --window-size="$w,$h" \
        --dump-dom "file://$PWD/$pp/values.html" </dev/null 2>/dev/null >"$pp/dom.html"
      # The same crop as the page's (the trim box of the filled page), so
      # the boxes land where the page has them.
      box=$(convert "$out/$s/png/$n.raw.png" -trim -format '%wx%h%O' info:)
      fq=$((86 + $(pick "$n pdfform quality" "$seed" 9)))
      convert "$pp/blank.raw.png" -crop "$box" +repage -bordercolor white -border 40 \
        -background white -flatten -quality "$fq" "$pp/blank.jpg"
      convert "$pp/boxes.raw.png" -crop "$box" +repage -bordercolor white -border 40 \
        -background white -flatten "$pp/boxes.png"
      if (($(pick "$n pdfform font" "$seed" 4) == 0)); then ffont=Courier; else ffont=Helvetica; fi
      finset=$((2 + $(pick "$n pdfform inset" "$seed" 3)))
      "$rlpy" - "$pp/dom.html" "$pp/blank.jpg" "$pp/boxes.png" "$f" "$scale" "$ffont" "$finset" "$n" <<'PYEOF'
import html, json, re, sys
from PIL import Image, ImageChops
dom, jpg, boxes, out, scale, font, inset, name = sys.argv[1:]
scale, inset = float(scale), float(inset)
m = re.search(r'<pre id="ffbox">(.*?)</pre>', open(dom).read(), re.S)
if not m:
    sys.exit(f"heldout: {name} pdfform: no answers in the dumped page")
fields = json.loads(html.unescape(m.group(1)))
blank = Image.open(jpg).convert("RGB")
im = Image.open(boxes).convert("RGB")
bands = im.split()
iw, ih = im.size
pt = 72 / (96 * scale)              # one image pixel in points (a CSS px is 0.75 pt)
W, H = iw * pt, ih * pt
from reportlab.pdfgen import canvas
from reportlab.lib.colors import Color, black
c = canvas.Canvas(out, pagesize=(W, H))
c.setTitle(name); c.setCreator("a PDF viewer's form filling"); c.setProducer("heldout.sh pdfform (reportlab acroform)")
c.drawImage(jpg, 0, 0, W, H)
seen = {}
for i, f in enumerate(fields):
    want = (255, 3 + i * 7, 250 - i * 5)
    masks = [b.point(lambda v, t=t: 255 if v == t else 0) for b, t in zip(bands, want)]
    bb = ImageChops.multiply(ImageChops.multiply(masks[0], masks[1]), masks[2]).getbbox()
    if bb is None:
        sys.exit(f"heldout: {name} pdfform: the box of {f['name']} is not on the page")
    if not f["value"]:
        continue
    x0, y0, x1, y1 = bb
    # The field's fill is the box's own ground, taken from the blank form
    # just inside its left edge, and the field sits inside the box's border.
    r, g, b = blank.getpixel((x0 + 3, (y0 + y1) // 2))
    d = 1.5 * scale
    fn = {"Helvetica": "Helvetica-Bold", "Courier": "Courier-Bold"}[font] if f["bold"] else font
    k = seen[f["name"]] = seen.get(f["name"], 0) + 1
    c.acroForm.textfield(name=f["name"] if k == 1 else f"{f['name']}_{k}", value=f["value"],
                         tooltip=f["name"], x=(x0 + d) * pt + inset - 2, y=H - (y1 - d) * pt,
                         width=(x1 - x0 - 2 * d) * pt - (inset - 2), height=(y1 - y0 - 2 * d) * pt,
                         fontName=fn, fontSize=round(f["fs"] * 0.75, 1), borderWidth=0,
                         borderColor=Color(r / 255, g / 255, b / 255), fillColor=Color(r / 255, g / 255, b / 255),
                         textColor=black, forceBorder=False, annotationFlags="print")
c.showPage()
c.save()
PYEOF
      pdfinfo "$f" | grep -q '^Form: *AcroForm' \
        || { echo "heldout: $s $n pdfform: $f has no AcroForm fields" >&2; exit 1; }
      rm -rf "$pp" ;;
    pdfsmask)
      # A PDF page drawn as one image with a soft mask (unseen157), as macOS
      # Preview, Quick Look and some apps write a screenshot or a PNG with
      # transparency when it is exported or "printed" to PDF: an RGB image
      # XObject whose /SMask is an 8-bit grey image (its alpha), no text
      # layer, the page as large as the image at 144 dpi (a 2x screen's
      # pixels). The alpha covers the page's background: the print opaque
      # (its darkness, the darkest channel, raised by a third and clipped),
      # the paper transparent or partly so; under the paper the colour
      # channels hold a dark ground, so a reader that ignores the mask sees
      # the print on black or dark grey, while a viewer (and pdftoppm)
      # composites it on white and shows a normal page. The ground (10-30%
      # grey), the paper's alpha (fully transparent; an even 4-12%; or a
      # fade from transparent at the top to 4-12% at the foot) and the app
      # named as creator are drawn from SEED and the document. Checked:
      # pdfimages -list has an smask row, pdftoppm renders the page. Needs
      # pdfimages and pdftoppm (poppler-utils). Not harsh: a person sees a
      # normal page and every field stays legible.
      f=$docs/$n.pdfsmask.pdf
      command -v pdfimages >/dev/null && command -v pdftoppm >/dev/null ||
        { echo "heldout: pdfsmask needs pdfimages and pdftoppm (apt-get install poppler-utils)" >&2; exit 1; }
      local pm=$docs/$n.pdfsmask.d gr fa mode app
      rm -rf "$pm" && mkdir -p "$pm"
      gr=$((10 + $(pick "$n pdfsmask ground" "$seed" 21)))
      fa=$((4 + $(pick "$n pdfsmask paper" "$seed" 9)))
      mode=$(pick "$n pdfsmask mode" "$seed" 3)
      app=$(pick "$n pdfsmask app" "$seed" 3)
      convert "$base" -alpha off -separate -evaluate-sequence min -negate -colorspace Gray "$pm/dark.png"
      case $mode in
        0) convert -size "${W}x${H}" xc:black "$pm/paper.png" ;;
        1) convert -size "${W}x${H}" "xc:gray($fa%)" "$pm/paper.png" ;;
        *) convert -size "${W}x${H}" "gradient:black-gray($fa%)" "$pm/paper.png" ;;
      esac
      convert "$pm/dark.png" -evaluate multiply 1.33 "$pm/paper.png" -compose lighten -composite \
        -colorspace Gray -depth 8 "gray:$pm/alpha.raw"
      convert "$base" -alpha off "$pm/dark.png" -compose CopyOpacity -composite \
        -background "rgb($gr%,$gr%,$gr%)" -alpha remove -alpha off -depth 8 "rgb:$pm/rgb.raw"
      python3 - "$f" "$W" "$H" "$pm/rgb.raw" "$pm/alpha.raw" "$app" <<'PYEOF'
import sys, zlib
out, w, h, rgbf, af, app = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5], int(sys.argv[6])
rgb, alpha = open(rgbf, "rb").read(), open(af, "rb").read()
assert len(rgb) == 3 * w * h and len(alpha) == w * h, "raw sizes"
creator, producer = [("Preview", "macOS Version 15.1 (Build 24B83) Quartz PDFContext"),
                     ("Quick Look", "macOS Version 14.6.1 (Build 23G93) Quartz PDFContext"),
                     ("Screenshot", "macOS Version 15.0.1 (Build 24A348) Quartz PDFContext")][app]
pw, ph = w * 72 / 144, h * 72 / 144
content = f"q {pw:.2f} 0 0 {ph:.2f} 0 0 cm /Im1 Do Q".encode()
objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {pw:.2f} {ph:.2f}] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>".encode()]
objs.append(f"<< /Length {len(content)} >>\nstream\n".encode() + content + b"\nendstream")
ri, ra = zlib.compress(rgb, 9), zlib.compress(alpha, 9)
objs.append(f"<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /SMask 6 0 R /Length {len(ri)} >>\nstream\n".encode() + ri + b"\nendstream")
objs.append(f"<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length {len(ra)} >>\nstream\n".encode() + ra + b"\nendstream")
objs.append(f"<< /Creator ({creator}) /Producer ({producer}) >>".encode())
buf = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"); offs = []
for i, o in enumerate(objs, 1):
    offs.append(len(buf)); buf += f"{i} 0 obj\n".encode() + o + b"\nendobj\n"
x = len(buf)
buf += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode() + b"".join(f"{o:010d} 00000 n \n".encode() for o in offs)
buf += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R /Info {len(objs)} 0 R >>\nstartxref\n{x}\n%%EOF\n".encode()
open(out, "wb").write(buf)
PYEOF
      pdfimages -list "$f" 2>/dev/null | grep -q ' smask ' ||
        { echo "heldout: $s $n pdfsmask: $f has no soft mask" >&2; exit 1; }
      pdftoppm -r 30 -png -singlefile "$f" "$pm/check" && [[ -s $pm/check.png ]] ||
        { echo "heldout: $s $n pdfsmask: $f does not render" >&2; exit 1; }
      rm -rf "$pm" ;;
    pdfimagemask)
      # An image PDF as office scanners and fax servers write a black-and-white
      # page (unseen171): no text layer, the page at 150 or 200 dpi on a sheet
      # as large as the image, drawn in one of three forms: a 1-bit stencil
      # mask (/ImageMask true) painted in black or a dark ink colour (blue-black
      # or charcoal), its bits stored as the scanner's (/Decode [1 0]) or
      # inverted (the default decode); a 1-bit /DeviceGray image with an
      # inverted /Decode [1 0] (1 is black, as in a PBM); or an /Indexed
      # palette image of 4, 8 or 16 greys (2 or 4 bits a pixel). One image,
      # or the page cut into 3-6 horizontal strips, each its own image
      # XObject drawn at its place. The 1-bit forms threshold the grey page at
      # 55-62% (the print black, tints and paper white). Form, ink, dpi,
      # strips, threshold and the device named as creator drawn from SEED and
      # the document; Flate streams written by a small python script around the
      # PBM or raw grey ImageMagick makes. Checked: pdfimages -list (stencil,
      # 1-bit gray or index), pdffonts (no font), pdftoppm (renders). Needs
      # pdfimages, pdffonts and pdftoppm (poppler-utils). Not harsh: black and
      # white but every field legible to a person.
      f=$docs/$n.pdfimagemask.pdf
      command -v pdfimages >/dev/null && command -v pdffonts >/dev/null && command -v pdftoppm >/dev/null ||
        { echo "heldout: pdfimagemask needs pdfimages, pdffonts and pdftoppm (apt-get install poppler-utils)" >&2; exit 1; }
      local pk=$docs/$n.pdfimagemask.d form dpi strips thr ink inv dev levels sc vpi want
      rm -rf "$pk" && mkdir -p "$pk"
      form=$(pick "$n pdfimagemask form" "$seed" 3)
      dpi=$((150 + 50 * $(pick "$n pdfimagemask dpi" "$seed" 2)))
      strips=$(pick "$n pdfimagemask strips" "$seed" 5); ((strips < 2)) && strips=1 || strips=$((strips + 1))
      thr=$((55 + $(pick "$n pdfimagemask threshold" "$seed" 8)))
      ink=$(pick "$n pdfimagemask ink" "$seed" 3)
      inv=$(pick "$n pdfimagemask invert" "$seed" 2)
      dev=$(pick "$n pdfimagemask device" "$seed" 4)
      levels=$((4 << $(pick "$n pdfimagemask levels" "$seed" 3)))
      # The page image is the viewport's scale x 96 px an inch; scale it to dpi.
      sc=$(sed -n 's/.*name="heldout-viewport" content="[0-9]*x[0-9]*@\([0-9.]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      vpi=$(awk -v s="${sc:-2}" 'BEGIN{print 96 * s}')
      if ((form < 2)); then
        convert "$base" -alpha off -colorspace Gray -resize "$(awk -v d="$dpi" -v v="$vpi" 'BEGIN{printf "%.3f", 100 * d / v}')%" \
          -threshold "$thr%" -depth 1 "pbm:$pk/page.pbm"
      else
        convert "$base" -alpha off -colorspace Gray -resize "$(awk -v d="$dpi" -v v="$vpi" 'BEGIN{printf "%.3f", 100 * d / v}')%" \
          -depth 8 "pgm:$pk/page.pgm"
      fi
      python3 - "$f" "$pk" "$form" "$dpi" "$strips" "$ink" "$inv" "$dev" "$levels" <<'PYEOF'
import sys, zlib, os
out, pk, form, dpi, strips, ink, inv, dev, levels = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:])
def readpnm(p):
    b = open(p, "rb").read(); toks, i = [], 0
    while len(toks) < (3 if b[:2] == b"P4" else 4):
        while b[i:i+1].isspace(): i += 1
        if b[i:i+1] == b"#":
            while b[i:i+1] != b"\n": i += 1
            continue
        j = i
        while not b[j:j+1].isspace(): j += 1
        toks.append(b[i:j]); i = j
    return toks, b[i+1:]
if form < 2:
    toks, data = readpnm(os.path.join(pk, "page.pbm"))
    # A PBM's 1 is black; make sure of it by counting (paper dominates).
    w, h = int(toks[1]), int(toks[2]); rb = (w + 7) // 8
    ones = sum(bin(x).count("1") for x in data[: rb * min(h, 200)])
    if ones > rb * 8 * min(h, 200) // 2:
        data = bytes(255 - x for x in data)  # now 1 = black (print), 0 = paper
    rows = [data[r * rb:(r + 1) * rb] for r in range(h)]
else:
    toks, data = readpnm(os.path.join(pk, "page.pgm"))
    w, h = int(toks[1]), int(toks[2])
    bpc = 2 if levels == 4 else 4
    per = 8 // bpc; rb = (w + per - 1) // per
    rows = []
    for r in range(h):
        line = data[r * w:(r + 1) * w]; acc = bytearray(rb)
        for x, v in enumerate(line):
            q = (v * (levels - 1) + 127) // 255
            acc[x // per] |= q << (8 - bpc * (x % per + 1))
        rows.append(bytes(acc))
pw, ph = w * 72 / dpi, h * 72 / dpi
n = strips
cuts = [h * k // n for k in range(n + 1)]
inks = ["0 0 0 rg", "0.08 0.11 0.30 rg", "0.16 0.16 0.17 rg"]
devices = [("RICOH MP C3004ex", "RICOH Scan to PDF"), ("HP Digital Sending Software 4.91", "HP Digital Sending"),
           ("RightFax 16.6 Fax Server", "OpenText RightFax PDF Module"), ("Canon iR-ADV C5535", "Canon Scan to File")]
objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>", None, None]
content, xo = [], []
for k in range(n):
    y0, y1 = cuts[k], cuts[k + 1]; sh = y1 - y0
    raw = b"".join(rows[y0:y1])
    if form == 0 and inv:  # stored as the mask's default: 0 paints
        raw = bytes(255 - x for x in raw)
    z = zlib.compress(raw, 9)
    if form == 0:
        d = "" if inv else " /Decode [1 0]"
        head = f"<< /Type /XObject /Subtype /Image /Width {w} /Height {sh} /ImageMask true /BitsPerComponent 1{d}"
    elif form == 1:
        head = f"<< /Type /XObject /Subtype /Image /Width {w} /Height {sh} /ColorSpace /DeviceGray /BitsPerComponent 1 /Decode [1 0]"
    else:
        pal = "".join(f"{(i * 255) // (levels - 1):02x}" for i in range(levels))
        head = f"<< /Type /XObject /Subtype /Image /Width {w} /Height {sh} /ColorSpace [/Indexed /DeviceGray {levels - 1} <{pal}>] /BitsPerComponent {bpc}"
    objs.append(f"{head} /Filter /FlateDecode /Length {len(z)} >>\nstream\n".encode() + z + b"\nendstream")
    name = f"/Im{k + 1}"; xo.append(f"{name} {len(objs)} 0 R")
    ytop = ph - y0 * 72 / dpi; hh = sh * 72 / dpi
    content.append(f"q {pw:.3f} 0 0 {hh:.3f} 0 {ytop - hh:.3f} cm {name} Do Q")
pre = (inks[ink] + "\n") if form == 0 else ""
cs = (pre + "\n".join(content)).encode()
zc = zlib.compress(cs, 9)
objs[2] = f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {pw:.3f} {ph:.3f}] /Resources << /XObject << {' '.join(xo)} >> >> /Contents 4 0 R >>".encode()
objs[3] = f"<< /Filter /FlateDecode /Length {len(zc)} >>\nstream\n".encode() + zc + b"\nendstream"
objs.append(f"<< /Creator ({devices[dev][0]}) /Producer ({devices[dev][1]}) >>".encode())
buf = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"); offs = []
for i, o in enumerate(objs, 1):
    offs.append(len(buf)); buf += f"{i} 0 obj\n".encode() + o + b"\nendobj\n"
x = len(buf)
buf += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode() + b"".join(f"{o:010d} 00000 n \n".encode() for o in offs)
buf += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R /Info {len(objs)} 0 R >>\nstartxref\n{x}\n%%EOF\n".encode()
open(out, "wb").write(buf)
PYEOF
      case $form in 0) want=' stencil ' ;; 1) want=' gray *1 ' ;; *) want=' index ' ;; esac
      pdfimages -list "$f" 2>/dev/null | grep -q "$want" ||
        { echo "heldout: $s $n pdfimagemask: $f has no image of the form drawn ($want)" >&2; exit 1; }
      [[ $(pdffonts "$f" 2>/dev/null | wc -l) -le 2 ]] ||
        { echo "heldout: $s $n pdfimagemask: $f has a font (a text layer)" >&2; exit 1; }
      pdftoppm -r 30 -png -singlefile "$f" "$pk/check" && [[ -s $pk/check.png ]] ||
        { echo "heldout: $s $n pdfimagemask: $f does not render" >&2; exit 1; }
      rm -rf "$pk" ;;
    pdfgradienttext)
      # A text PDF as design tools (Canva, Figma, InDesign, marketing
      # templates) export one (unseen180): the browser prints the page (a
      # text PDF, header and footer off, one page); qpdf opens it as QDF and
      # pdf_gradienttext redraws its headings (text at least 1.3 times the
      # body size) and bold lines (a field's line among them where the page
      # sets one in bold) in one of four styles drawn from SEED and the
      # document: 0 headings and bold lines as text clips (render mode 7)
      # filled by a linear gradient (sh); 1 headings filled with a stroke
      # outline (mode 2), bold lines gradient; 2 headings as white text
      # knocked out of a coloured band, bold lines outlined; 3 headings stroke
      # only (mode 1), bold lines gradient, over a background image. The
      # gradient's two dark colours, its direction (across or down) and
      # whether a pale background image is multiplied under the print
      # (always in style 3) are drawn the same way; fix-qdf and qpdf write it
      # back compressed. Checked: one page, pdftotext still gives the print's
      # words, pdftoppm renders it. Needs qpdf and fix-qdf (Debian package
      # qpdf), pdftotext and pdftoppm (poppler-utils). Not harsh: every
      # field stays legible to a person.
      f=$docs/$n.pdfgradienttext.pdf
      local pg=$docs/$n.pdfgradienttext.d
      command -v qpdf >/dev/null && command -v fix-qdf >/dev/null && command -v pdftotext >/dev/null && command -v pdftoppm >/dev/null ||
        { echo "heldout: pdfgradienttext needs qpdf and fix-qdf (apt-get install qpdf), pdftotext and pdftoppm (poppler-utils)" >&2; exit 1; }
      rm -rf "$pg" && mkdir -p "$pg"
      chrome --no-pdf-header-footer --print-to-pdf="$pg/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      [[ $(pdfinfo "$pg/print.pdf" | sed -n 's/^Pages: *//p') == 1 ]] ||
        { echo "heldout: $s $n pdfgradienttext: the print is not one page" >&2; exit 1; }
      qpdf --qdf --object-streams=disable "$pg/print.pdf" "$pg/qdf.pdf"
      pdf_gradienttext "$pg/qdf.pdf" "$pg/drawn.pdf" "$n" "$seed" >"$pg/what"
      fix-qdf "$pg/drawn.pdf" >"$pg/fixed.pdf"
      qpdf "$pg/fixed.pdf" "$f"
      [[ $(pdfinfo "$f" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfgradienttext: $f is not one page" >&2; exit 1; }
      [[ "$(pdftotext "$f" - 2>/dev/null | tr -s ' \n')" == "$(pdftotext "$pg/print.pdf" - 2>/dev/null | tr -s ' \n')" ]] ||
        { echo "heldout: $s $n pdfgradienttext: $f does not extract the print's text" >&2; exit 1; }
      pdftoppm -r 30 -png -singlefile "$f" "$pg/check" && [[ -s $pg/check.png ]] ||
        { echo "heldout: $s $n pdfgradienttext: $f does not render" >&2; exit 1; }
      rm -rf "$pg" ;;
    pdfnotounicode)
      # A text PDF whose fonts have no usable ToUnicode map (unseen145), as
      # some pharmacy and label systems, older report writers and "print to
      # PDF" drivers write one: the page looks right, but copying or
      # extracting its text gives the wrong characters. The browser prints
      # the page (a text PDF, header and footer off, one page); qpdf opens it
      # as QDF and pdf_tounicode_break damages every font's /ToUnicode CMap
      # in one of three ways drawn from SEED and the document: dropped (the
      # subset fonts' glyph ids come out), every value shifted by 1-25 code
      # points, or the values dealt out again among the glyphs; fix-qdf and
      # qpdf write it back compressed. Checked: one page, pdftotext's text is
      # not the printed page's, and pdftoppm renders it. Needs qpdf (Debian
      # package qpdf). Not harsh: the page itself is perfect.
      f=$docs/$n.pdfnotounicode.pdf
      local pn=$docs/$n.pdfnotounicode.d pages mode ushift
      command -v qpdf >/dev/null && command -v fix-qdf >/dev/null && command -v pdftotext >/dev/null ||
        { echo "heldout: pdfnotounicode needs qpdf and fix-qdf (apt-get install qpdf) and pdftotext (poppler-utils)" >&2; exit 1; }
      rm -rf "$pn" && mkdir -p "$pn"
      chrome --no-pdf-header-footer --print-to-pdf="$pn/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      pages=$(pdfinfo "$pn/print.pdf" | sed -n 's/^Pages: *//p')
      [[ $pages == 1 ]] || { echo "heldout: $s $n pdfnotounicode: the print has ${pages:-no} pages, not one" >&2; exit 1; }
      mode=$(pick "$n pdfnotounicode mode" "$seed" 3)
      ushift=$((1 + $(pick "$n pdfnotounicode shift" "$seed" 25)))
      qpdf --qdf --object-streams=disable "$pn/print.pdf" "$pn/qdf.pdf"
      pdf_tounicode_break "$pn/qdf.pdf" "$pn/broken.pdf" "$mode" "$ushift" "$n $seed"
      fix-qdf "$pn/broken.pdf" >"$pn/fixed.pdf"
      qpdf "$pn/fixed.pdf" "$f"
      [[ "$(pdftotext "$f" - 2>/dev/null)" != "$(pdftotext "$pn/print.pdf" - 2>/dev/null)" ]] ||
        { echo "heldout: $s $n pdfnotounicode: $f still extracts the page's own text" >&2; exit 1; }
      pdftoppm -r 30 -png -singlefile "$f" "$pn/check" && [[ -s $pn/check.png ]] ||
        { echo "heldout: $s $n pdfnotounicode: $f does not render" >&2; exit 1; }
      rm -rf "$pn" ;;
    pdfincremental)
      # A PDF edited and saved with incremental updates (unseen153), as
      # Acrobat, e-signature services and pharmacy portals save one when
      # they add a stamp or a signature to a page: the original revision
      # stays in the file as it was (its objects, its xref table and
      # trailer, its %%EOF), and each later revision is appended after it:
      # the new objects, the page object written again under its own number
      # with its content and resources replaced, and a new xref section
      # whose trailer points back with /Prev; a viewer shows the last
      # revision. The browser prints the page (a text PDF, header and footer
      # off, one page) and qpdf writes it with a plain xref table: that is
      # the original revision. What the later revisions add is drawn from
      # SEED and the document: a red "DISPENSED / ACCURACY CHECKED" rubber
      # stamp, an e-signature block (a drawn signature, "Digitally signed",
      # a signature ID), or both in two revisions (the stamp, then the
      # signature); each is a print of the page with that mark in the
      # sheet's bottom margin (never over the document's print, no name and
      # no date), its page objects renumbered and appended by
      # pdf_append_revision. Checked: qpdf --check passes, one page, two or
      # three %%EOF markers, the file cut at its first %%EOF (the original
      # revision) still renders. Needs qpdf (Debian package qpdf) and
      # pdftoppm (poppler-utils). Not harsh: the page shown is the
      # document's own, with a mark in its margin.
      f=$docs/$n.pdfincremental.pdf
      local pi=$docs/$n.pdfincremental.d kind sid eofs cut
      command -v qpdf >/dev/null && command -v pdftoppm >/dev/null ||
        { echo "heldout: pdfincremental needs qpdf (apt-get install qpdf) and pdftoppm (poppler-utils)" >&2; exit 1; }
      rm -rf "$pi" && mkdir -p "$pi"
      chrome --no-pdf-header-footer --print-to-pdf="$pi/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      [[ $(pdfinfo "$pi/print.pdf" | sed -n 's/^Pages: *//p') == 1 ]] ||
        { echo "heldout: $s $n pdfincremental: the print is not one page" >&2; exit 1; }
      qpdf --object-streams=disable "$pi/print.pdf" "$pi/rev0.pdf"
      kind=$(pick "$n pdfincremental what" "$seed" 3)
      sid=$(printf '%08X' "$(cksum <<<"$n $seed pdfincremental" | cut -d' ' -f1)")
      local stamp sign
      stamp="<div style=\"position:fixed;right:28px;bottom:14px;transform:rotate(-7deg);border:3px solid #c0262d;border-radius:10px;padding:4px 14px;color:#c0262d;opacity:.88;font:bold 22px 'DejaVu Sans',sans-serif;letter-spacing:2px;text-align:center;background:transparent\">DISPENSED<div style=\"font-size:11px;letter-spacing:1px;border-top:2px solid #c0262d;margin-top:3px;padding-top:2px\">ACCURACY CHECKED &#10003; REF ${sid:0:4}-${sid:4:4}</div></div>"
      sign="<div style=\"position:fixed;left:28px;bottom:12px;width:260px;border:1px solid #1d4f91;border-radius:4px;padding:4px 8px;color:#1d4f91;font:11px 'DejaVu Sans',sans-serif;background:#f3f7fd\"><svg width=\"150\" height=\"34\" viewBox=\"0 0 150 34\"><path d=\"M4 26 C14 4 22 4 20 22 C18 34 34 6 42 16 C48 24 52 10 60 18 C66 24 74 8 82 20 C88 28 98 12 108 18 C116 22 128 14 146 12\" fill=\"none\" stroke=\"#1d3f7a\" stroke-width=\"2\"/></svg><div>Digitally signed &middot; Signature ID ${sid,,}</div></div>"
      # kind 0: the stamp; 1: the signature; 2: the stamp, then the
      # signature in a third revision (the stamp kept).
      local marks=("$stamp")
      ((kind == 1)) && marks=("$sign")
      ((kind == 2)) && marks=("$stamp" "$stamp$sign")
      cp "$pi/rev0.pdf" "$pi/inc.pdf"
      local i=0 mk
      for mk in "${marks[@]}"; do
        i=$((i + 1))
        python3 - "$out/$s/html/$n.html" "$pi/rev$i.html" "$mk" <<'EOF'
import sys
page = open(sys.argv[1]).read()
at = page.rfind("</body>")
page = page[:at] + sys.argv[3] + page[at:] if at >= 0 else page + sys.argv[3]
open(sys.argv[2], "w").write(page)
EOF
        chrome --no-pdf-header-footer --print-to-pdf="$pi/rev$i.print.pdf" "file://$PWD/$pi/rev$i.html"
        [[ $(pdfinfo "$pi/rev$i.print.pdf" | sed -n 's/^Pages: *//p') == 1 ]] ||
          { echo "heldout: $s $n pdfincremental: revision $i's print is not one page" >&2; exit 1; }
        qpdf --object-streams=disable "$pi/rev$i.print.pdf" "$pi/rev$i.pdf"
        pdf_append_revision "$pi/inc.pdf" "$pi/rev$i.pdf" "$pi/inc.next.pdf"
        mv "$pi/inc.next.pdf" "$pi/inc.pdf"
      done
      mv "$pi/inc.pdf" "$f"
      qpdf --check "$f" >/dev/null 2>&1 || { echo "heldout: $s $n pdfincremental: qpdf --check fails on $f" >&2; exit 1; }
      [[ $(pdfinfo "$f" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfincremental: $f is not one page" >&2; exit 1; }
      eofs=$(grep -ac '%%EOF' "$f" || true)
      ((eofs == ${#marks[@]} + 1)) || { echo "heldout: $s $n pdfincremental: $f has $eofs %%EOF markers" >&2; exit 1; }
      cut=$(grep -abo '%%EOF' "$f" | head -1 | cut -d: -f1)
      head -c "$((cut + 6))" "$f" >"$pi/first.pdf"
      pdftoppm -r 30 -png -singlefile "$pi/first.pdf" "$pi/first" && [[ -s $pi/first.png ]] ||
        { echo "heldout: $s $n pdfincremental: the original revision of $f does not render" >&2; exit 1; }
      rm -rf "$pi" ;;
    pdfmixed)
      # A PDF of several pages that differ in size and orientation, as a
      # patient's "combine files" (a phone's Files or Shortcuts, a PDF app)
      # or a pharmacy portal's "download all" joins them (unseen158): the
      # document's own page, the browser's print on the market's paper (A4
      # for a document whose name starts uk-, US Letter otherwise; a print
      # of several sheets kept together), joined with two or three of: a
      # card terminal's 80 mm receipt strip (80x150 mm, no name or date), a
      # portrait leaflet page on the same paper (sharps and storage advice)
      # and a landscape page (an injection-site rotation chart). None of
      # those names a person, a pharmacy or a date, or prints a dose. Which
      # fillers, the page order (the document not always first) and whether
      # one page (the landscape page, or the document's own first page)
      # carries /Rotate 90 are drawn from SEED and the document. Text PDFs
      # all (the browser prints every page), joined and rotated with qpdf.
      # Checked with pdfinfo -f 1 -l 9 (the page sizes differ) and pdftoppm
      # (every page renders). Not harsh: every field stays legible.
      command -v qpdf >/dev/null || { echo "heldout: pdfmixed needs qpdf (apt-get install qpdf)" >&2; exit 1; }
      command -v pdfinfo >/dev/null && command -v pdftoppm >/dev/null ||
        { echo "heldout: pdfmixed needs pdfinfo and pdftoppm (apt-get install poppler-utils)" >&2; exit 1; }
      f=$docs/$n.pdfmixed.pdf
      local pm=$docs/$n.pdfmixed.d paper cur money amt nf drop k parts=() order=() rot rotpage=0 i sizes
      rm -rf "$pm" && mkdir -p "$pm"
      if [[ $n == uk-* ]]; then paper=A4 cur='&pound;'; else paper=letter cur='$'; fi
      # The document on the market's paper: its own page with an @page size added.
      sed "s#</head>#<style>@page{size:$paper portrait}</style></head>#" "$out/$s/html/$n.html" >"$out/$s/html/.$n.pdfmixed.html"
      chrome --no-pdf-header-footer --print-to-pdf="$pm/doc.pdf" "file://$PWD/$out/$s/html/.$n.pdfmixed.html"
      rm -f "$out/$s/html/.$n.pdfmixed.html"
      amt=$((12 + $(pick "$n pdfmixed amount" "$seed" 80))).$(printf %02d "$(pick "$n pdfmixed pence" "$seed" 100)")
      cat >"$pm/receipt.html" <<HTML
<!doctype html><html><head><meta charset="utf-8"><style>@page{size:80mm 150mm;margin:4mm}
body{margin:0;font-family:"DejaVu Sans Mono",monospace;font-size:11px;line-height:1.5;text-align:center}</style></head><body>
<p><b>CARD PAYMENT</b><br>CUSTOMER COPY</p><p>CONTACTLESS<br>VISA DEBIT ************4471</p>
<p>SALE<br><b style="font-size:15px">AMOUNT ${cur}${amt}</b></p><p>APPROVED<br>AUTH CODE 0$(pick "$n pdfmixed auth" "$seed" 90000)</p>
<p>NO CARDHOLDER VERIFICATION</p><p>PLEASE KEEP THIS RECEIPT<br>FOR YOUR RECORDS</p></body></html>
HTML
      cat >"$pm/leaflet.html" <<HTML
<!doctype html><html><head><meta charset="utf-8"><style>@page{size:$paper portrait;margin:20mm}
body{margin:0;font-family:"Liberation Sans",sans-serif;font-size:14px;line-height:1.6}h1{font-size:22px}h2{font-size:16px;margin-top:18px}</style></head><body>
<h1>Your injection pens: storage and sharps</h1>
<h2>Before first use</h2><p>Keep unopened pens in the fridge, between 2&deg;C and 8&deg;C, in their outer carton to protect them from light. Do not freeze them, and do not use a pen that has been frozen.</p>
<h2>After first use</h2><p>Follow the leaflet that came in the carton: some pens may be kept at room temperature for a limited time. Keep the cap on when you are not using the pen.</p>
<h2>Needles and sharps</h2><p>Use a new needle for every injection. Put used needles straight into a sharps bin and never put them in household waste. Ask your pharmacy how to return a full sharps bin.</p>
<h2>Travelling</h2><p>Carry your pens in your hand luggage in a cool bag. Keep them away from direct heat and sunlight.</p>
<h2>If you have questions</h2><p>Speak to your pharmacist or the service that prescribed your medicine.</p></body></html>
HTML
      {
        cat <<HTML
<!doctype html><html><head><meta charset="utf-8"><style>@page{size:$paper landscape;margin:15mm}
body{margin:0;font-family:"DejaVu Sans",sans-serif;font-size:12px}h1{font-size:20px}table{border-collapse:collapse;width:100%}
td,th{border:1px solid #555;height:34px;text-align:center}th{background:#eee}</style></head><body>
<h1>Injection site rotation chart</h1><p>Tick the site you used each week. Change the site each time; stay at least 2 cm from the last one.</p>
<table><tr><th>Site</th>
HTML
        for k in 1 2 3 4 5 6 7 8 9 10 11 12; do printf '<th>Week %d</th>' "$k"; done; echo '</tr>'
        for k in 'Abdomen, left' 'Abdomen, right' 'Thigh, left' 'Thigh, right' 'Upper arm, left' 'Upper arm, right'; do
          printf '<tr><th>%s</th>%s</tr>\n' "$k" "$(printf '<td></td>%.0s' 1 2 3 4 5 6 7 8 9 10 11 12)"
        done
        echo '</table></body></html>'
      } >"$pm/landscape.html"
      for k in receipt leaflet landscape; do
        chrome --no-pdf-header-footer --print-to-pdf="$pm/$k.pdf" "file://$PWD/$pm/$k.html"
      done
      # Two or three fillers; with two, the one left out drawn too.
      local fillers=(receipt leaflet landscape)
      if (($(pick "$n pdfmixed count" "$seed" 2) == 0)); then
        drop=$(pick "$n pdfmixed drop" "$seed" 3); fillers=("${fillers[@]:0:drop}" "${fillers[@]:drop+1}")
      fi
      # The fillers' order: a Fisher-Yates shuffle drawn from SEED; then the
      # document put at a drawn place among them.
      for ((i = ${#fillers[@]} - 1; i > 0; i--)); do
        k=$(pick "$n pdfmixed shuffle $i" "$seed" $((i + 1)))
        local t=${fillers[i]}; fillers[i]=${fillers[k]}; fillers[k]=$t
      done
      k=$(pick "$n pdfmixed place" "$seed" $((${#fillers[@]} + 1)))
      order=("${fillers[@]:0:k}" doc "${fillers[@]:k}")
      for i in "${order[@]}"; do parts+=("$pm/$i.pdf"); done
      qpdf --empty --pages "${parts[@]}" -- "$pm/joined.pdf"
      # One page turned with /Rotate 90 in two uploads of three: the landscape
      # page (stored so a viewer shows it portrait) or the document's first page.
      rot=$(pick "$n pdfmixed rotate" "$seed" 3)
      local pgno=0
      for i in "${order[@]}"; do
        pgno=$((pgno + 1))
        if { ((rot == 1)) && [[ $i == landscape ]]; } || { ((rot == 2)) && [[ $i == doc ]]; }; then rotpage=$pgno; fi
        [[ $i == doc ]] && pgno=$((pgno + $(pdfinfo "$pm/doc.pdf" | sed -n 's/^Pages: *//p') - 1))
      done
      if ((rotpage > 0)); then qpdf --rotate=+90:"$rotpage" "$pm/joined.pdf" "$f"; else cp "$pm/joined.pdf" "$f"; fi
      sizes=$(pdfinfo -f 1 -l 9 "$f" | sed -n 's/^Page *[0-9]* size: *\(.*\)/\1/p' | sort -u | wc -l)
      ((sizes >= 2)) || { echo "heldout: $s $n pdfmixed: $f has pages of one size only" >&2; exit 1; }
      pdftoppm -r 30 -png "$f" "$pm/check"
      (($(ls "$pm"/check-*.png | wc -l) == $(pdfinfo "$f" | sed -n 's/^Pages: *//p'))) ||
        { echo "heldout: $s $n pdfmixed: not every page of $f renders" >&2; exit 1; }
      rm -rf "$pm" ;;
    pdfsideways)
      # A text PDF in which some text runs are drawn turned inside the
      # page's content, not by the page's /Rotate (unseen170), as case-file
      # copies, stamped office copies and landscape exports come: the
      # browser's print of the page (header and footer off, one page) opened
      # by qpdf --qdf, and pdf_sideways shrinks the content to 0.9, draws a
      # form's margin line at 90 or 270 degrees in the freed left strip, on
      # two documents in three a boxed "COPY" stamp at 15-45 degrees in the
      # freed foot band, and on half the documents the whole of it through a
      # rotating cm (90 or 270) on a page of swapped sides (portrait content
      # lying sideways on a landscape page); which drawn from SEED and the
      # document; fix-qdf and qpdf write it back compressed. Checked: one
      # page, no /Rotate, pdftoppm renders it, and pdftotext gives the
      # margin line, the stamp and every word of the print (-raw: in content
      # order, as a turned run is otherwise cut up). Needs qpdf and
      # fix-qdf (apt-get install qpdf), pdftoppm and pdftotext
      # (poppler-utils). Not harsh: every field is the print itself at 0.9,
      # legible to a person (turning the page where it lies sideways).
      f=$docs/$n.pdfsideways.pdf
      local sd=$docs/$n.pdfsideways.d info turn mword sword
      command -v qpdf >/dev/null && command -v fix-qdf >/dev/null ||
        { echo "heldout: pdfsideways needs qpdf and fix-qdf (apt-get install qpdf)" >&2; exit 1; }
      command -v pdftoppm >/dev/null && command -v pdftotext >/dev/null ||
        { echo "heldout: pdfsideways needs pdftoppm and pdftotext (apt-get install poppler-utils)" >&2; exit 1; }
      rm -rf "$sd" && mkdir -p "$sd"
      chrome --no-pdf-header-footer --print-to-pdf="$sd/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      [[ $(pdfinfo "$sd/print.pdf" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfsideways: the print is not one page" >&2; exit 1; }
      qpdf --qdf --object-streams=disable "$sd/print.pdf" "$sd/qdf.pdf"
      info=$(pdf_sideways "$sd/qdf.pdf" "$sd/side.pdf" "$n" "$seed") || exit 1
      read -r turn mword sword <<<"$info"
      fix-qdf "$sd/side.pdf" >"$sd/fixed.pdf"
      qpdf "$sd/fixed.pdf" "$f"
      [[ $(pdfinfo "$f" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfsideways: $f does not open as one page" >&2; exit 1; }
      [[ $(pdfinfo "$f" | sed -n 's/^Page rot: *//p') == 0 ]] || { echo "heldout: $s $n pdfsideways: $f has a /Rotate" >&2; exit 1; }
      pdftoppm -r 36 -gray -singlefile "$f" "$sd/shown" || { echo "heldout: $s $n pdfsideways: $f does not render" >&2; exit 1; }
      pdftotext -raw "$f" "$sd/side.txt"; pdftotext -raw "$sd/print.pdf" "$sd/print.txt"
      grep -q "$mword" "$sd/side.txt" || { echo "heldout: $s $n pdfsideways: the text of $f lacks its margin line" >&2; exit 1; }
      [[ $sword == - ]] || tr -d ' \n' <"$sd/side.txt" | grep -q "$sword" || { echo "heldout: $s $n pdfsideways: the text of $f lacks its stamp" >&2; exit 1; }
      local missing
      missing=$(comm -23 <(tr -s ' \n\t' '\n\n\n' <"$sd/print.txt" | sort -u) <(tr -s ' \n\t' '\n\n\n' <"$sd/side.txt" | sort -u) | wc -l)
      ((missing == 0)) || { echo "heldout: $s $n pdfsideways: $missing words of the print missing from $f's text" >&2; exit 1; }
      rm -rf "$sd" ;;
    pdfoddboxes)
      # A PDF whose page geometry is unusual but valid, as scanners,
      # imposition tools and some generators write it (unseen190): the
      # browser's print of the page (header and footer off, one page) opened
      # by qpdf --qdf, and pdf_oddboxes gives it one of five geometries drawn
      # from SEED and the document: a /MediaBox that does not start at 0 0;
      # a /Rotate of 90, 180 or 270 with the content drawn turned back by a
      # cm (a landscape page for 90 and 270) in such a box; a /CropBox the
      # size of the page inside a larger, offset /MediaBox, with crop marks
      # and a neutral slug line outside the crop; the two together; or a
      # PDF 1.6 /UserUnit of 1.5 or 2 with box and content scaled down by it
      # (the page's size in inches unchanged), offset. fix-qdf and qpdf
      # write it back compressed. Checked: one page; pdfinfo -box gives the
      # boxes drawn; pdftoppm shows the page the way the print is oriented
      # (portrait stays portrait); pdftotext gives every word of the print.
      # Needs qpdf and fix-qdf (apt-get install qpdf), pdfinfo, pdftoppm and
      # pdftotext (poppler-utils). Not harsh: the page shown is the print.
      f=$docs/$n.pdfoddboxes.pdf
      local od=$docs/$n.pdfoddboxes.d oinfo okind orot ouu oslug
      command -v qpdf >/dev/null && command -v fix-qdf >/dev/null ||
        { echo "heldout: pdfoddboxes needs qpdf and fix-qdf (apt-get install qpdf)" >&2; exit 1; }
      command -v pdfinfo >/dev/null && command -v pdftoppm >/dev/null && command -v pdftotext >/dev/null ||
        { echo "heldout: pdfoddboxes needs pdfinfo, pdftoppm and pdftotext (apt-get install poppler-utils)" >&2; exit 1; }
      rm -rf "$od" && mkdir -p "$od"
      chrome --no-pdf-header-footer --print-to-pdf="$od/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      [[ $(pdfinfo "$od/print.pdf" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfoddboxes: the print is not one page" >&2; exit 1; }
      qpdf --qdf --object-streams=disable "$od/print.pdf" "$od/qdf.pdf"
      oinfo=$(pdf_oddboxes "$od/qdf.pdf" "$od/odd.pdf" "$n" "$seed") || exit 1
      read -r okind orot ouu oslug <<<"$oinfo"
      fix-qdf "$od/odd.pdf" >"$od/fixed.pdf"
      qpdf "$od/fixed.pdf" "$f"
      qpdf --check "$f" >/dev/null || { echo "heldout: $s $n pdfoddboxes: qpdf --check fails on $f" >&2; exit 1; }
      [[ $(pdfinfo "$f" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfoddboxes: $f does not open as one page" >&2; exit 1; }
      [[ $(pdfinfo "$f" | sed -n 's/^Page rot: *//p') == "$orot" ]] || { echo "heldout: $s $n pdfoddboxes: $f lacks its /Rotate $orot" >&2; exit 1; }
      pdfinfo -box "$f" | grep -q '^MediaBox: *0\.00 *0\.00 ' && { echo "heldout: $s $n pdfoddboxes: $f's /MediaBox starts at 0 0" >&2; exit 1; }
      pdftoppm -r 20 -gray -singlefile "$od/print.pdf" "$od/printed" && pdftoppm -r 20 -gray -singlefile "$f" "$od/shown" ||
        { echo "heldout: $s $n pdfoddboxes: $f does not render" >&2; exit 1; }
      [[ $(identify -format '%[fx:w>h]' "$od/printed.pgm") == $(identify -format '%[fx:w>h]' "$od/shown.pgm") ]] ||
        { echo "heldout: $s $n pdfoddboxes: $f does not show the page the way the print is turned" >&2; exit 1; }
      pdftotext -raw "$f" "$od/odd.txt"; pdftotext -raw "$od/print.pdf" "$od/print.txt"
      [[ $oslug == - ]] || grep -q "$oslug" "$od/odd.txt" || { echo "heldout: $s $n pdfoddboxes: the text of $f lacks its slug line" >&2; exit 1; }
      local omissing
      omissing=$(comm -23 <(tr -s ' \n\t' '\n\n\n' <"$od/print.txt" | sort -u) <(tr -s ' \n\t' '\n\n\n' <"$od/odd.txt" | sort -u) | wc -l)
      ((omissing == 0)) || { echo "heldout: $s $n pdfoddboxes: $omissing words of the print missing from $f's text" >&2; exit 1; }
      rm -rf "$od" ;;
    pdfcovered)
      # A text PDF whose text layer holds words the page does not show,
      # painted over as a careless redaction or a corrected template leaves
      # them (unseen159): the browser's print of the page (header and footer
      # off, one page) opened by qpdf --qdf, and pdf_covered appends to the
      # page's content a line or two (another patient's name, an old date, a
      # superseded dose or a template's sample values) in a blank band of
      # the page, hidden under an opaque white correction box, drawn white
      # on white, clipped away, or under a black redaction bar on blank
      # paper, what and how drawn from SEED and the document; fix-qdf and
      # qpdf write it back compressed. Checked: one page; pdftoppm draws it
      # pixel for pixel as the print (with a bar: only inside the bar's box,
      # which was blank paper); pdftotext gives the hidden words. Needs qpdf
      # and fix-qdf (apt-get install qpdf), pdftoppm and pdftotext
      # (poppler-utils) and ImageMagick's compare. Not harsh: the page as
      # shown is the print itself, and the truth is what it shows.
      f=$docs/$n.pdfcovered.pdf
      local pc=$docs/$n.pdfcovered.d info how word bar
      command -v qpdf >/dev/null && command -v fix-qdf >/dev/null ||
        { echo "heldout: pdfcovered needs qpdf and fix-qdf (apt-get install qpdf)" >&2; exit 1; }
      command -v pdftoppm >/dev/null && command -v pdftotext >/dev/null ||
        { echo "heldout: pdfcovered needs pdftoppm and pdftotext (apt-get install poppler-utils)" >&2; exit 1; }
      rm -rf "$pc" && mkdir -p "$pc"
      chrome --no-pdf-header-footer --print-to-pdf="$pc/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      [[ $(pdfinfo "$pc/print.pdf" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfcovered: the print is not one page" >&2; exit 1; }
      pdftoppm -r 36 -gray -singlefile "$pc/print.pdf" "$pc/band"
      qpdf --qdf --object-streams=disable "$pc/print.pdf" "$pc/qdf.pdf"
      info=$(pdf_covered "$pc/qdf.pdf" "$pc/covered.pdf" "$n" "$seed" "$pc/band.pgm") || exit 1
      read -r how word bar <<<"$info"
      fix-qdf "$pc/covered.pdf" >"$pc/fixed.pdf"
      qpdf "$pc/fixed.pdf" "$f"
      [[ $(pdfinfo "$f" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfcovered: $f does not open as one page" >&2; exit 1; }
      pdftoppm -r 36 -gray -singlefile "$f" "$pc/shown" || { echo "heldout: $s $n pdfcovered: $f does not render" >&2; exit 1; }
      if [[ $bar != - ]]; then
        # Only the bar may differ: paint its box black on both before comparing.
        convert "$pc/band.pgm" -fill black -draw "rectangle ${bar// /,}" "$pc/a.png"
        convert "$pc/shown.pgm" -fill black -draw "rectangle ${bar// /,}" "$pc/b.png"
      else
        convert "$pc/band.pgm" "$pc/a.png"; convert "$pc/shown.pgm" "$pc/b.png"
      fi
      [[ $(compare -metric AE "$pc/a.png" "$pc/b.png" null: 2>&1 || true) == 0 ]] ||
        { echo "heldout: $s $n pdfcovered: $f shows its covered text" >&2; exit 1; }
      pdftotext "$f" - | grep -q "$word" || { echo "heldout: $s $n pdfcovered: the text layer of $f lacks its covered words" >&2; exit 1; }
      rm -rf "$pc" ;;
    pdflayers)
      # A PDF with optional content (layers), as InDesign, Illustrator, CAD
      # and some label and form systems export a page (unseen151): the
      # browser's text PDF of the page (header and footer off, one page)
      # opened by qpdf --qdf, and pdf_layers adds two optional content
      # groups to the catalog's /OCProperties, wraps the page's own content
      # in the visible one's marked-content block and adds after it a block
      # of the hidden one: text the page does not show (a DRAFT or SAMPLE
      # stamp, a template's placeholders, another order's line, an older
      # date and quantity), switched off in the default view or marked
      # print-only, the text and the way drawn from SEED and the document;
      # fix-qdf and qpdf write it back compressed. Checked: one page, the
      # catalog has /OCProperties, and pdftoppm draws it pixel for pixel as
      # the print (the hidden text not drawn). pdftotext may or may not give
      # the hidden text (poppler's leaves it out). Needs qpdf and fix-qdf
      # (apt-get install qpdf), pdftoppm (poppler-utils) and ImageMagick's
      # compare. Not harsh: the page as shown is the print itself.
      f=$docs/$n.pdflayers.pdf
      local pn=$docs/$n.pdflayers.d pages
      command -v qpdf >/dev/null && command -v fix-qdf >/dev/null ||
        { echo "heldout: pdflayers needs qpdf and fix-qdf (apt-get install qpdf)" >&2; exit 1; }
      command -v pdftoppm >/dev/null || { echo "heldout: pdflayers needs pdftoppm (apt-get install poppler-utils)" >&2; exit 1; }
      rm -rf "$pn" && mkdir -p "$pn"
      chrome --no-pdf-header-footer --print-to-pdf="$pn/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      pages=$(pdfinfo "$pn/print.pdf" | sed -n 's/^Pages: *//p')
      [[ $pages == 1 ]] || { echo "heldout: $s $n pdflayers: the print has ${pages:-no} pages, not one" >&2; exit 1; }
      qpdf --qdf --object-streams=disable "$pn/print.pdf" "$pn/qdf.pdf"
      pdf_layers "$pn/qdf.pdf" "$pn/layers.pdf" "$n" "$seed" >"$pn/kind"
      fix-qdf "$pn/layers.pdf" >"$pn/fixed.pdf"
      qpdf "$pn/fixed.pdf" "$f"
      [[ $(pdfinfo "$f" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdflayers: $f does not open as one page" >&2; exit 1; }
      qpdf --qdf --object-streams=disable "$f" "$pn/check.pdf"
      grep -aq '/OCProperties' "$pn/check.pdf" || { echo "heldout: $s $n pdflayers: $f has no /OCProperties" >&2; exit 1; }
      pdftoppm -r 50 -png -singlefile "$pn/print.pdf" "$pn/print" && pdftoppm -r 50 -png -singlefile "$f" "$pn/layers" ||
        { echo "heldout: $s $n pdflayers: $f does not render" >&2; exit 1; }
      [[ $(compare -metric AE "$pn/print.png" "$pn/layers.png" null: 2>&1 || true) == 0 ]] ||
        { echo "heldout: $s $n pdflayers: $f draws its hidden layer" >&2; exit 1; }
      rm -rf "$pn" ;;
    motionphoto)
      # A phone "motion photo" / "live photo" as Pixel, Samsung and other
      # Android phones save one by default (unseen164): a plain JPEG of the
      # page (the still the person sees: the page on a table, slight
      # perspective, light falling off, noise, JPEG 88) with a short MP4
      # appended after the JPEG's end (two or three frames of the same
      # scene, each a crop of the still shifted a little, as the hand
      # moved; 720 px wide, H.264) and an XMP APP1 segment declaring it:
      # GCamera:MotionPhoto=1, GCamera:MotionPhotoVersion=1, the
      # presentation timestamp and a Container:Directory whose second item
      # (video/mp4, Semantic MotionPhoto) has the video's length; or, as
      # Samsung writes it, the same XMP and the video inside Samsung's
      # trailer (a "MotionPhoto_Data" block, its SEFH directory and the
      # SEFT mark). Which phone, the clip's length (1.0-2.9 s), the number
      # of frames and their shifts drawn from SEED and the document. Not
      # harsh: the still is an ordinary photo, every field legible.
      command -v ffmpeg >/dev/null || { echo "heldout: motionphoto needs ffmpeg (Debian package ffmpeg: apt-get install -y ffmpeg)" >&2; exit 1; }
      f=$docs/$n.motionphoto.jpg
      local mpd=$docs/$n.mp.d mpkind mpn mpdur mpi mpox mpoy SW SH
      rm -rf "$mpd" && mkdir -p "$mpd"
      mpkind=$(pick "$n motion phone" "$seed" 3)
      mpn=$((2 + $(pick "$n motion frames" "$seed" 2)))
      mpdur=$(awk "BEGIN{print 1 + $(pick "$n motion length" "$seed" 20) / 10}")
      convert "$base" -resize '2400x2400>' -background '#857566' -virtual-pixel background \
        -distort Perspective "0,0 $((W / 35)),$((H / 40))  $W,0 $((W - W / 45)),$((H / 70))  0,$H $((W / 60)),$((H - H / 45))  $W,$H $((W - W / 30)),$((H - H / 35))" \
        \( +clone -sparse-color Barycentric "0,0 #ffffff %[fx:w],%[fx:h] #b8b8b8" \) -compose multiply -composite \
        -seed "$seed" -attenuate 0.22 +noise Gaussian -quality 88 "$mpd/still.jpg"
      SW=$(identify -format %w "$mpd/still.jpg"); SH=$(identify -format %h "$mpd/still.jpg")
      for ((mpi = 1; mpi <= mpn; mpi++)); do
        mpox=$(pick "$n motion x $mpi" "$seed" $((SW / 25 + 1))) mpoy=$(pick "$n motion y $mpi" "$seed" $((SH / 25 + 1)))
        convert "$mpd/still.jpg" -crop "$((SW * 24 / 25))x$((SH * 24 / 25))+$mpox+$mpoy" +repage -resize 720x "$mpd/frame$mpi.png"
      done
      ffmpeg -nostdin -loglevel error -y -framerate "$mpn/$mpdur" -i "$mpd/frame%d.png" \
        -vf 'scale=720:-2,fps=30,format=yuv420p' -c:v libx264 -preset veryfast -crf 30 -t "$mpdur" -an -movflags +faststart "$mpd/clip.mp4"
      python3 - "$mpd/still.jpg" "$mpd/clip.mp4" "$f" "$mpkind" "$mpdur" <<'PY'
import struct, sys
still, clip, out, kind, dur = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read(), sys.argv[3], int(sys.argv[4]), float(sys.argv[5])
assert still[:2] == b"\xff\xd8" and still.rstrip(b"\0")[-2:] == b"\xff\xd9"
if kind == 2:
    # Samsung: the video inside its SEF trailer; the Container's length runs
    # from the video's start to the file's end (Padding is what follows it).
    name = b"MotionPhoto_Data"
    block = b"\x00\x00\x30\x0a" + struct.pack("<I", len(name)) + name + clip
    dirb = b"SEFH" + struct.pack("<II", 106, 1) + struct.pack("<HHII", 0, 0x0a30, len(block), len(block))
    tail = dirb + struct.pack("<I", len(dirb)) + b"SEFT"
    trailer, vlen, pad, make = block + tail, len(clip) + len(tail), len(tail), "samsung"
else:
    trailer, vlen, pad, make = clip, len(clip), 0, "google"
ts = int(dur * 1e6 / 2)
xmp = f'''<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 5.1.0-jc003">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:GCamera="http://ns.google.com/photos/1.0/camera/"
    xmlns:Container="http://ns.google.com/photos/1.0/container/"
    xmlns:Item="http://ns.google.com/photos/1.0/container/item/"
   GCamera:MotionPhoto="1"
   GCamera:MotionPhotoVersion="1"
   GCamera:MotionPhotoPresentationTimestampUs="{ts}">
   <Container:Directory>
    <rdf:Seq>
     <rdf:li rdf:parseType="Resource">
      <Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="0"/>
     </rdf:li>
     <rdf:li rdf:parseType="Resource">
      <Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="{vlen}" Item:Padding="{pad}"/>
     </rdf:li>
    </rdf:Seq>
   </Container:Directory>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>'''.encode()
payload = b"http://ns.adobe.com/xap/1.0/\x00" + xmp
seg = b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
i = 2
if still[2:4] == b"\xff\xe0":  # keep JFIF first
    i = 4 + struct.unpack(">H", still[4:6])[0]
open(out, "wb").write(still[:i] + seg + still[i:] + trailer)
PY
      local mpx
      mpx=$(exiftool -a -G1 "$f")
      [[ $mpx == *'Motion Photo                    : 1'* && $mpx == *'Motion Photo Version'* && $mpx == *'Directory Item Mime'*'video/mp4'* ]] ||
        { echo "heldout: $s $n motionphoto: $f lacks its motion photo XMP" >&2; exit 1; }
      [[ $mpkind != 2 || $mpx == *'Embedded Video'* || $mpx == *'Motion Photo Video'* ]] ||
        { echo "heldout: $s $n motionphoto: $f's Samsung trailer is not read" >&2; exit 1; }
      [[ $(identify -format '%wx%h' "$f") == "$SW"x"$SH" ]] || { echo "heldout: $s $n motionphoto: $f does not display" >&2; exit 1; }
      rm -rf "$mpd" ;;
    pdfglyphs)
      # A text PDF whose text is drawn as canvas renderers, some browsers'
      # print engines and report tools write it (unseen167): the browser's
      # print (header and footer off, one page) redrawn by pdf_glyphs with
      # no space characters between words, each glyph, word or short run at
      # its own text matrix, words out of reading order, some lines drawn
      # twice for a faux bold (drawn from SEED and the document). Checked:
      # one page, pdftotext -layout gives back the print's words, pdftoppm
      # draws it as the print (RMSE under 8% at 50 dpi). Needs gs
      # (ghostscript), pdftotext, pdftoppm and pdfinfo (poppler-utils) and
      # python3-pdfminer and python3-reportlab (apt-get install). Not harsh:
      # every field looks as printed.
      f=$docs/$n.pdfglyphs.pdf
      local pg=$docs/$n.pdfglyphs.d rmse miss
      command -v gs >/dev/null || { echo "heldout: pdfglyphs needs gs (apt-get install ghostscript)" >&2; exit 1; }
      command -v pdftoppm >/dev/null && command -v pdftotext >/dev/null && command -v pdfinfo >/dev/null ||
        { echo "heldout: pdfglyphs needs pdftoppm, pdftotext and pdfinfo (apt-get install poppler-utils)" >&2; exit 1; }
      /usr/bin/python3 -c 'import pdfminer, reportlab' 2>/dev/null ||
        { echo "heldout: pdfglyphs needs python3-pdfminer and python3-reportlab (apt-get install python3-pdfminer python3-reportlab)" >&2; exit 1; }
      rm -rf "$pg" && mkdir -p "$pg"
      chrome --no-pdf-header-footer --print-to-pdf="$pg/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      [[ $(pdfinfo "$pg/print.pdf" | sed -n 's/^Pages: *//p') == 1 ]] ||
        { echo "heldout: $s $n pdfglyphs: the print is not one page" >&2; exit 1; }
      gs -q -dSAFER -dFILTERTEXT -sDEVICE=jpeg -dJPEGQ=92 -r150 -o "$pg/bg.jpg" "$pg/print.pdf"
      pdf_glyphs "$pg/print.pdf" "$pg/bg.jpg" "$f" "$n" "$seed" >"$pg/how"
      [[ $(pdfinfo "$f" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfglyphs: $f is not one page" >&2; exit 1; }
      pdftotext -layout "$pg/print.pdf" - | tr -s ' \n' '\n\n' | sort >"$pg/print.words"
      pdftotext -layout "$f" - | tr -s ' \n' '\n\n' | sort >"$pg/glyphs.words"
      miss=$(comm -23 "$pg/print.words" "$pg/glyphs.words" | wc -l)
      ((miss * 20 <= $(wc -l <"$pg/print.words"))) ||
        { echo "heldout: $s $n pdfglyphs: pdftotext -layout loses $miss of the print's words ($(cat "$pg/how"))" >&2; exit 1; }
      pdftoppm -r 50 -png -singlefile "$pg/print.pdf" "$pg/print" && pdftoppm -r 50 -png -singlefile "$f" "$pg/glyphs" ||
        { echo "heldout: $s $n pdfglyphs: $f does not render" >&2; exit 1; }
      rmse=$(compare -metric RMSE "$pg/print.png" "$pg/glyphs.png" null: 2>&1 | sed -n 's/.*(\([0-9.e-]*\)).*/\1/p' || true)
      awk -v r="${rmse:-1}" 'BEGIN { exit !(r < 0.08) }' ||
        { echo "heldout: $s $n pdfglyphs: $f does not draw as the print (RMSE ${rmse:-?}; $(cat "$pg/how"))" >&2; exit 1; }
      rm -rf "$pg" ;;
    pdfinherit)
      # A PDF built the way report generators and some pharmacy systems build
      # it (unseen163): the browser's text PDF of the page (header and footer
      # off, one page) opened by qpdf --qdf, and pdf_inherit nests the page
      # tree (a /Pages node inside the root /Pages node), takes the page's
      # /MediaBox and /Resources off it onto one parent node or the other
      # (sometimes with a /Rotate 90 on a parent and the content drawn turned
      # back, so the page shows as before), and either splits the page's
      # content into an array of 2-4 streams in the middle of text objects (a
      # BT in one stream, its ET in the next) or draws it inside a Form
      # XObject one or two deep (own /Resources, a /Matrix that scales or
      # moves it, undone by the calling cm); which of these drawn from SEED
      # and the document. fix-qdf and qpdf write it back compressed. Checked:
      # qpdf --check passes, one page, pdftotext gives the print's words in
      # the print's order, and pdftoppm draws it as the print (RMSE under 2%
      # at 50 dpi). Needs qpdf and fix-qdf (apt-get install qpdf), pdftoppm
      # and pdftotext (apt-get install poppler-utils) and ImageMagick's
      # compare. Not harsh: the page as shown is the print itself.
      f=$docs/$n.pdfinherit.pdf
      local pi=$docs/$n.pdfinherit.d pages rmse
      command -v qpdf >/dev/null && command -v fix-qdf >/dev/null ||
        { echo "heldout: pdfinherit needs qpdf and fix-qdf (apt-get install qpdf)" >&2; exit 1; }
      command -v pdftoppm >/dev/null && command -v pdftotext >/dev/null ||
        { echo "heldout: pdfinherit needs pdftoppm and pdftotext (apt-get install poppler-utils)" >&2; exit 1; }
      rm -rf "$pi" && mkdir -p "$pi"
      chrome --no-pdf-header-footer --print-to-pdf="$pi/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      pages=$(pdfinfo "$pi/print.pdf" | sed -n 's/^Pages: *//p')
      [[ $pages == 1 ]] || { echo "heldout: $s $n pdfinherit: the print has ${pages:-no} pages, not one" >&2; exit 1; }
      qpdf --qdf --object-streams=disable "$pi/print.pdf" "$pi/qdf.pdf"
      pdf_inherit "$pi/qdf.pdf" "$pi/inherit.pdf" "$n" "$seed" >"$pi/how"
      fix-qdf "$pi/inherit.pdf" >"$pi/fixed.pdf"
      qpdf "$pi/fixed.pdf" "$f"
      qpdf --check "$f" >/dev/null || { echo "heldout: $s $n pdfinherit: qpdf --check fails on $f" >&2; exit 1; }
      [[ $(pdfinfo "$f" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfinherit: $f does not open as one page" >&2; exit 1; }
      pdftotext -raw "$pi/print.pdf" - | tr -s ' \n' '  ' >"$pi/print.txt"
      pdftotext -raw "$f" - | tr -s ' \n' '  ' >"$pi/inherit.txt"
      cmp -s "$pi/print.txt" "$pi/inherit.txt" || { echo "heldout: $s $n pdfinherit: pdftotext gives other text or order than the print's" >&2; exit 1; }
      pdftoppm -r 50 -png -singlefile "$pi/print.pdf" "$pi/print" && pdftoppm -r 50 -png -singlefile "$f" "$pi/inherit" ||
        { echo "heldout: $s $n pdfinherit: $f does not render" >&2; exit 1; }
      rmse=$(compare -metric RMSE "$pi/print.png" "$pi/inherit.png" null: 2>&1 | sed -n 's/.*(\([0-9.e-]*\)).*/\1/p' || true)
      awk -v r="${rmse:-1}" 'BEGIN { exit !(r < 0.02) }' ||
        { echo "heldout: $s $n pdfinherit: $f does not draw as the print (RMSE ${rmse:-?}; $(cat "$pi/how"))" >&2; exit 1; }
      rm -rf "$pi" ;;
    pdfcid)
      # A text PDF written with two-byte CID fonts, as Word, Chrome and most
      # modern writers write one (unseen168): every font a Type0 font with
      # the Identity-H encoding (glyph ids as two-byte codes), its
      # descendant a subset-embedded TrueType (CIDFontType2) font named with
      # a random six-letter subset prefix (ABCDEF+DejaVuSans), and a
      # /ToUnicode CMap mapping the glyph ids back to text. The browser
      # prints the page (header and footer off, one page, as pdf); qpdf
      # writes it out uncompressed (--qdf) and the fonts are rewritten:
      # each subset prefix replaced by six capitals drawn from SEED and the
      # document (the browser writes AAAAAA+, BAAAAA+...), and each
      # /ToUnicode CMap written again in a form drawn the same way: (0)
      # ranges, consecutive glyph ids with consecutive text in bfrange
      # lines and the rest in bfchar, as Word writes; (1) one bfchar line
      # per glyph, in blocks of at most 100, as many writers do; (2) the
      # glyphs in a shuffled order, one bfchar per glyph. The page's
      # regular and bold fonts (and a third where the page uses one, a
      # monospace or a logo's face) each get their own Type0 font. Then
      # qpdf's fix-qdf mends the lengths and qpdf compresses the streams.
      # Checked: one page, pdffonts lists only "CID TrueType" fonts with
      # Identity-H, emb yes, sub yes, uni yes, and pdftotext gives text.
      # Needs qpdf, fix-qdf (Debian package qpdf) and pdfinfo, pdffonts,
      # pdftotext (poppler-utils). Not harsh: the page drawn is the print
      # itself.
      f=$docs/$n.pdfcid.pdf
      local pc=$docs/$n.pdfcid.d cmform
      command -v qpdf >/dev/null && command -v fix-qdf >/dev/null ||
        { echo "heldout: pdfcid needs qpdf and fix-qdf (apt-get install qpdf)" >&2; exit 1; }
      command -v pdffonts >/dev/null && command -v pdftotext >/dev/null && command -v pdfinfo >/dev/null ||
        { echo "heldout: pdfcid needs pdffonts, pdftotext and pdfinfo (apt-get install poppler-utils)" >&2; exit 1; }
      rm -rf "$pc" && mkdir -p "$pc"
      chrome --no-pdf-header-footer --print-to-pdf="$pc/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      [[ $(pdfinfo "$pc/print.pdf" | sed -n 's/^Pages: *//p') == 1 ]] ||
        { echo "heldout: $s $n pdfcid: the print is not one page" >&2; exit 1; }
      qpdf --qdf --object-streams=disable --decode-level=generalized "$pc/print.pdf" "$pc/qdf.pdf"
      cmform=$(pick "$n pdfcid cmap" "$seed" 3)
      python3 - "$pc/qdf.pdf" "$pc/edit.pdf" "$cmform" "$(pick "$n pdfcid prefix" "$seed" 1000000007)" <<'PY' ||
import random, re, sys
src, dst, form, salt = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
data = open(src, "rb").read()
rnd = random.Random(salt)
# New subset prefixes, one per old prefix, all different.
olds = sorted(set(re.findall(rb"/(?:BaseFont|FontName) /([A-Z]{6})\+", data)))
if not olds: sys.exit("no subset-prefixed fonts in the print")
new = {}
for o in olds:
    while True:
        p = bytes(rnd.choice(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(6))
        if p not in new.values() and p not in olds: break
    new[o] = p
data = re.sub(rb"/(BaseFont|FontName) /([A-Z]{6})\+", lambda m: b"/" + m.group(1) + b" /" + new[m.group(2)] + b"+", data)
# Each ToUnicode CMap written again in the drawn form.
refs = set(int(x) for x in re.findall(rb"/ToUnicode (\d+) 0 R", data))
if not refs: sys.exit("no ToUnicode CMaps in the print")
def parse(cm):
    m = {}
    for blk in re.findall(rb"beginbfchar(.*?)endbfchar", cm, re.S):
        for a, b in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", blk):
            m[int(a, 16)] = b.upper()
    for blk in re.findall(rb"beginbfrange(.*?)endbfrange", cm, re.S):
        for a, b, rest in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(\[[^\]]*\]|<[0-9A-Fa-f]+>)", blk):
            lo, hi = int(a, 16), int(b, 16)
            if rest.startswith(b"["):
                for i, u in enumerate(re.findall(rb"<([0-9A-Fa-f]+)>", rest)): m[lo + i] = u.upper()
            else:
                u0 = int(rest[1:-1], 16); w = len(rest) - 2
                for i in range(hi - lo + 1): m[lo + i] = b"%0*X" % (w, u0 + i)
    return m
def blocks(kind, rows):
    out = b""
    for i in range(0, len(rows), 100):
        chunk = rows[i:i + 100]
        out += b"%d begin%s\n" % (len(chunk), kind) + b"".join(chunk) + b"end%s\n" % kind
    return out
def build(m):
    gids = sorted(m)
    chars, ranges = [], []
    if form == 0:
        i = 0
        while i < len(gids):
            j = i
            while (j + 1 < len(gids) and gids[j + 1] == gids[j] + 1 and len(m[gids[j]]) == 4 and len(m[gids[j + 1]]) == 4
                   and int(m[gids[j + 1]], 16) == int(m[gids[j]], 16) + 1 and (gids[j + 1] & 0xFF) != 0):
                j += 1
            if j > i: ranges.append(b"<%04X> <%04X> <%s>\n" % (gids[i], gids[j], m[gids[i]]))
            else: chars.append(b"<%04X> <%s>\n" % (gids[i], m[gids[i]]))
            i = j + 1
    else:
        if form == 2: rnd.shuffle(gids)
        chars = [b"<%04X> <%s>\n" % (g, m[g]) for g in gids]
    return (b"/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
            b"/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
            b"/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
            b"1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n"
            + blocks(b"bfchar", chars) + blocks(b"bfrange", ranges) +
            b"endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n")
for r in refs:
    m = re.search(rb"\n%d 0 obj\n(.*?)stream\n(.*?)\nendstream" % r, data, re.S)
    if not m: sys.exit("ToUnicode object %d not found" % r)
    cmap = parse(m.group(2))
    if not cmap: sys.exit("ToUnicode object %d maps nothing" % r)
    data = data[:m.start(2)] + build(cmap) + data[m.end(2):]
open(dst, "wb").write(data)
PY
        { echo "heldout: $s $n pdfcid: rewriting the fonts failed" >&2; exit 1; }
      fix-qdf "$pc/edit.pdf" >"$pc/fixed.pdf" && qpdf --compress-streams=y --object-streams=preserve "$pc/fixed.pdf" "$f" ||
        { echo "heldout: $s $n pdfcid: qpdf failed" >&2; exit 1; }
      [[ $(pdfinfo "$f" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfcid: $f is not one page" >&2; exit 1; }
      pdffonts "$f" | tail -n +3 | grep -q . &&
        ! pdffonts "$f" | tail -n +3 | grep -vE '^[A-Z]{6}\+[^ ]+ +CID TrueType +Identity-H +yes +yes +yes ' | grep -q . ||
        { echo "heldout: $s $n pdfcid: $f has a font that is not a subset Type0 font with Identity-H and ToUnicode" >&2; exit 1; }
      pdftotext "$f" - | grep -q '[A-Za-z]' || { echo "heldout: $s $n pdfcid: $f gives no text" >&2; exit 1; }
      echo "heldout: $s $n pdfcid: cmap form $cmform, $(pdffonts "$f" | tail -n +3 | wc -l) font(s)" >&2
      rm -rf "$pc" ;;
    pdfobjstm)
      # The PDF in the compact form that Acrobat, Word's "Save as PDF",
      # browsers' newer engines and e-signature services write today
      # (unseen161): PDF 1.5 or later whose objects (all but streams) are
      # packed into compressed object streams (/Type /ObjStm) and whose
      # cross-reference is itself a compressed stream (/Type /XRef) instead
      # of a classic xref table. The browser prints the page (a text PDF,
      # header and footer off, one page, as `pdf`) and qpdf rewrites it with
      # --object-streams=generate. Drawn from SEED and the document: the
      # form (0: object streams and an xref stream; 1: the same linearized
      # for "fast web view", with its first-page hint stream; 2: a
      # hybrid-reference file, a classic xref table for the objects outside
      # the object streams appended after the xref stream, its trailer
      # pointing at that stream with /XRefStm, as Word writes for old
      # readers) and the version written (1.5, 1.6 or 1.7). Checked: qpdf
      # --check passes, qpdf --show-xref lists objects held in object
      # streams, pdfinfo says one page (and "Optimized: yes" where
      # linearized), pdftotext gives the print's own text. Needs qpdf
      # (Debian package qpdf) and pdfinfo and pdftotext (poppler-utils).
      # Not harsh: the page drawn is the print itself.
      f=$docs/$n.pdfobjstm.pdf
      local po=$docs/$n.pdfobjstm.d form ver
      command -v qpdf >/dev/null || { echo "heldout: pdfobjstm needs qpdf (apt-get install qpdf)" >&2; exit 1; }
      command -v pdftotext >/dev/null && command -v pdfinfo >/dev/null ||
        { echo "heldout: pdfobjstm needs pdftotext and pdfinfo (apt-get install poppler-utils)" >&2; exit 1; }
      rm -rf "$po" && mkdir -p "$po"
      chrome --no-pdf-header-footer --print-to-pdf="$po/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      [[ $(pdfinfo "$po/print.pdf" | sed -n 's/^Pages: *//p') == 1 ]] ||
        { echo "heldout: $s $n pdfobjstm: the print is not one page" >&2; exit 1; }
      form=$(pick "$n pdfobjstm form" "$seed" 3)
      ver=1.$((5 + $(pick "$n pdfobjstm version" "$seed" 3)))
      case $form in
        1) qpdf --object-streams=generate --compress-streams=y --min-version="$ver" --linearize "$po/print.pdf" "$f" ;;
        *) qpdf --object-streams=generate --compress-streams=y --min-version="$ver" "$po/print.pdf" "$po/objstm.pdf" ;;
      esac
      if ((form == 0)); then mv "$po/objstm.pdf" "$f"
      elif ((form == 2)); then
        # The hybrid-reference trailer: a classic xref table of the objects
        # stored outside object streams, appended after the file's xref
        # stream (the last startxref points at it), its trailer's /XRefStm
        # naming the xref stream that holds the rest.
        qpdf --show-xref "$po/objstm.pdf" >"$po/xref.txt"
        python3 - "$po/objstm.pdf" "$po/xref.txt" "$f" <<'EOF'
import re, sys
data = open(sys.argv[1], "rb").read()
rows = {}
for line in open(sys.argv[2]):
    m = re.match(r"(\d+)/(\d+): uncompressed; offset = (\d+)", line)
    if m: rows[int(m.group(1))] = (int(m.group(3)), int(m.group(2)))
xstm = int(re.findall(rb"startxref\s+(\d+)", data)[-1])
head = data[xstm:xstm + 4096]
size = int(re.search(rb"/Size (\d+)", head).group(1))
root = re.search(rb"/Root (\d+ \d+ R)", head).group(1)
info = re.search(rb"/Info (\d+ \d+ R)", head)
ident = re.search(rb"/ID \[[^\]]*\]", head)
out = bytearray(data if data.endswith(b"\n") else data + b"\n")
xref = len(out)
nums = [0] + sorted(rows)
runs, start = [], None
for i, k in enumerate(nums):
    if start is None: start = k
    if i + 1 == len(nums) or nums[i + 1] != k + 1:
        runs.append((start, k)); start = None
out += b"xref\n"
for a, b in runs:
    out += b"%d %d\n" % (a, b - a + 1)
    for k in range(a, b + 1):
        out += b"0000000000 65535 f \n" if k == 0 else b"%010d %05d n \n" % rows[k]
out += b"trailer\n<< /Size %d /Root %s " % (size, root)
if info: out += b"/Info " + info.group(1) + b" "
if ident: out += ident.group(0) + b" "
out += b"/XRefStm %d >>\nstartxref\n%d\n%%%%EOF\n" % (xstm, xref)
open(sys.argv[3], "wb").write(bytes(out))
EOF
      fi
      qpdf --check "$f" >/dev/null 2>&1 || { echo "heldout: $s $n pdfobjstm: qpdf --check fails on $f" >&2; exit 1; }
      qpdf --show-xref "$f" >"$po/shown.txt"
      grep -q 'compressed; stream' "$po/shown.txt" ||
        { echo "heldout: $s $n pdfobjstm: $f holds no object stream" >&2; exit 1; }
      grep -aq '/Type */XRef' "$f" || { echo "heldout: $s $n pdfobjstm: $f has no xref stream" >&2; exit 1; }
      ((form != 2)) || grep -aq '/XRefStm' "$f" || { echo "heldout: $s $n pdfobjstm: $f has no /XRefStm" >&2; exit 1; }
      [[ $(pdfinfo "$f" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfobjstm: $f is not one page" >&2; exit 1; }
      ((form != 1)) || [[ $(pdfinfo "$f" | sed -n 's/^Optimized: *//p') == yes ]] ||
        { echo "heldout: $s $n pdfobjstm: $f is not linearized" >&2; exit 1; }
      [[ $(pdftotext "$f" - | md5sum) == $(pdftotext "$po/print.pdf" - | md5sum) ]] ||
        { echo "heldout: $s $n pdfobjstm: $f's text differs from the print's" >&2; exit 1; }
      rm -rf "$po" ;;
    pdfspotcolour)
      # A PDF printed from a pharmacy's or clinic's system that uses print
      # colour spaces (unseen169): the browser's print of the page (a text
      # PDF, header and footer off, one page, as `pdf`) opened by qpdf
      # --qdf, and pdf_spotcolour rewrites every colour operator of the page:
      # the brand colour as a Separation (spot) colour ('/PANTONE 286 C',
      # '/Brand Blue'...) or one ink of a DeviceN, light panels as tints of
      # it or DeviceCMYK tints, text rich black 60/40/40/100, K-only or the
      # DeviceN's Black, other colours DeviceCMYK, Lab or ICCBased, sometimes
      # overprint on the spot (drawn from SEED and the document); fix-qdf
      # and qpdf write it back compressed. Checked: one page, a /Separation
      # in it, pdftotext gives the print's own text, and pdftoppm draws it
      # close to the print (grey RMSE under 0.06 at 50 dpi: the page looks
      # as designed, its panels light behind their text). Needs qpdf and
      # fix-qdf (apt-get install qpdf), pdftoppm and pdftotext
      # (poppler-utils), ImageMagick's compare. Not harsh: every field
      # stays where and as legible as printed.
      f=$docs/$n.pdfspotcolour.pdf
      local ps=$docs/$n.pdfspotcolour.d rmse
      command -v qpdf >/dev/null && command -v fix-qdf >/dev/null ||
        { echo "heldout: pdfspotcolour needs qpdf and fix-qdf (apt-get install qpdf)" >&2; exit 1; }
      command -v pdftoppm >/dev/null && command -v pdftotext >/dev/null ||
        { echo "heldout: pdfspotcolour needs pdftoppm and pdftotext (apt-get install poppler-utils)" >&2; exit 1; }
      rm -rf "$ps" && mkdir -p "$ps"
      chrome --no-pdf-header-footer --print-to-pdf="$ps/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      [[ $(pdfinfo "$ps/print.pdf" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfspotcolour: the print is not one page" >&2; exit 1; }
      qpdf --qdf --object-streams=disable "$ps/print.pdf" "$ps/qdf.pdf"
      pdf_spotcolour "$ps/qdf.pdf" "$ps/spot.pdf" "$n" "$seed" >"$ps/kind" || exit 1
      fix-qdf "$ps/spot.pdf" >"$ps/fixed.pdf"
      qpdf "$ps/fixed.pdf" "$f"
      [[ $(pdfinfo "$f" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfspotcolour: $f does not open as one page" >&2; exit 1; }
      qpdf --qdf --object-streams=disable "$f" "$ps/check.pdf"
      grep -aq '/Separation' "$ps/check.pdf" || { echo "heldout: $s $n pdfspotcolour: $f has no spot colour" >&2; exit 1; }
      [[ $(pdftotext "$f" - | md5sum) == $(pdftotext "$ps/print.pdf" - | md5sum) ]] ||
        { echo "heldout: $s $n pdfspotcolour: $f's text differs from the print's" >&2; exit 1; }
      pdftoppm -r 50 -gray -singlefile "$ps/print.pdf" "$ps/a" && pdftoppm -r 50 -gray -singlefile "$f" "$ps/b" ||
        { echo "heldout: $s $n pdfspotcolour: $f does not render" >&2; exit 1; }
      rmse=$(compare -metric RMSE "$ps/a.pgm" "$ps/b.pgm" null: 2>&1 | sed -n 's/.*(\([0-9.e-]*\)).*/\1/p' || true)
      awk -v r="${rmse:-1}" 'BEGIN{exit !(r < 0.06)}' ||
        { echo "heldout: $s $n pdfspotcolour: $f draws unlike the print (grey RMSE ${rmse:-?})" >&2; exit 1; }
      rm -rf "$ps" ;;
    pdflongpage)
      # A PDF whose one page is far longer than paper (unseen181), as
      # browser "full page screenshot to PDF" extensions, some apps'
      # "export as PDF" and e-mail clients' "print whole conversation" write
      # it: a single page 2-6 sheets tall (A4 for a document whose name
      # starts uk-, US Letter otherwise) or 200 mm wide and 1-2 m long (an
      # app's export), the document (scaled to the page's width, never up)
      # somewhere in its middle between long stretches of other content: an
      # e-mail thread's other messages (a conversation print), a shop's
      # header, menu, breadcrumbs, "related products" and footer (a web
      # page's full-page capture) or an app's other entries (an export).
      # The other content names no person, medicine, strength or date. The
      # kind, the length, where the document sits, and whether the page is
      # text (Chromium's print with an @page of that size, no margin) or
      # one tall image (a screenshot of the whole length at 1.5x, JPEG 85,
      # at 144 dpi so the page keeps that size) are drawn from SEED and the
      # document. Checked with pdfinfo (one page). Not harsh: every field
      # stays legible (the scale at least 0.7; pdftoppm -r 150).
      command -v pdfinfo >/dev/null || { echo "heldout: pdflongpage needs pdfinfo (apt-get install poppler-utils)" >&2; exit 1; }
      f=$docs/$n.pdflongpage.pdf
      local ld=$docs/$n.pdflongpage.d lkind limg lk lpos lvp lpages
      rm -rf "$ld" && mkdir -p "$ld"
      lkind=$(pick "$n pdflongpage kind" "$seed" 3)
      limg=$(pick "$n pdflongpage image" "$seed" 2)
      lk=$(pick "$n pdflongpage length" "$seed" 5)
      lpos=$(pick "$n pdflongpage place" "$seed" 36)
      lvp=$(sed -n 's/.*name="heldout-viewport" content="\([0-9x@.]*\)".*/\1/p' "$out/$s/html/$n.html" | head -1)
      python3 - "$n" "${lvp:-900x520@2}" "$lkind" "$lk" "$lpos" "$ld/long.html" "$n.html" "$([[ $n == uk-* ]] && echo uk || echo us)" >"$ld/size" <<'EOF'
import sys, html
name, vp, kind, k, pos, dst, src, market = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6], sys.argv[7], sys.argv[8]
vw, vh = vp.split("@")[0].split("x"); vw, vh = int(vw), int(vh)
if kind == 2:  # an app's export: 200 mm wide, 1-2 m long (1 mm = 3.7795 CSS px)
    pw, ph = 756, int((1000 + 250 * k) * 3.7795)
else:          # 2-6 sheets tall
    pw, sh = (794, 1123) if market == "uk" else (816, 1056)
    ph = sh * (2 + k)
cw = pw - 60
sc = min(1.0, cw / vw)
if sc < 0.7: sys.exit("heldout: pdflongpage: %s is too wide for the page (scale %.2f)" % (name, sc))
dw, dh = int(vw * sc), int(vh * sc)
top_fixed = {0: 130, 1: 260, 2: 120}[kind]
bottom_fixed = {0: 60, 1: 300, 2: 60}[kind]
block = {0: 190, 1: 280, 2: 130}[kind]
free = ph - dh - top_fixed - bottom_fixed - 40
if free < 2 * block: sys.exit("heldout: pdflongpage: %s: the page is too short for its document" % name)
before = int(free * (0.2 + pos / 100.0))
nb, na = before // block, (free - before) // block
mail = ["Thanks, that's all sorted on our side. Let us know if anything else comes up before the weekend.",
        "Could you send it over again? The first one did not come through properly on my phone.",
        "Quick reminder that the car park will be closed for resurfacing next week; please use the side entrance.",
        "No problem at all. I've attached it below so it is all in one place.",
        "Great, speak soon. Have a good evening!",
        "Just checking this reached you: our system sometimes files these under promotions."]
prods = [("Foam roller 45 cm", "19.99"), ("Resistance band set", "14.50"), ("Insulated water bottle 750 ml", "12.00"),
         ("Yoga mat 6 mm", "24.99"), ("Gym towel, pack of 2", "9.99"), ("Skipping rope", "7.49"), ("Gift card", "25.00"), ("Wrist straps", "8.99")]
notes = ["Walk logged", "Stretching routine completed", "Water goal reached", "Badge earned: 7-day streak", "Note added to journal", "Reminder dismissed", "Settings changed: units", "Sync with watch"]
def fill(i, n0):
    out = []
    for j in range(n0):
        t = (i * 7 + j) % 6
        if kind == 0:
            out.append('<div class="m"><div class="mh"><b>%s</b><span>%s</span></div><div class="mb">%s</div></div>' % (
                ["Members team", "Me", "Front desk", "Me", "Support", "Me"][t], ["Mon 09:14", "Mon 12:40", "Tue 08:02", "Tue 18:31", "Wed 10:20", "Wed 21:05"][t], html.escape(mail[t])))
        elif kind == 1:
            cells = "".join('<div class="p"><div class="im"></div><b>%s</b><span>%s</span></div>' % prods[(i * 3 + j * 4 + q) % len(prods)] for q in range(4))
            out.append('<div class="row"><h3>%s</h3><div class="ps">%s</div></div>' % (["You may also like", "Customers also bought", "Recently viewed", "Top picks"][(i + j) % 4], cells))
        else:
            out.append('<div class="e"><b>%s</b><span>entry %d</span></div>' % (notes[(i * 5 + j) % len(notes)], (i * 40 + j) + 1))
    return "".join(out)
title = {0: "Print conversation", 1: "Full page capture", 2: "Export"}[kind]
head = {0: '<div class="top"><b>Mailbox</b> &middot; Conversation (%d messages)</div><div class="subj">Subject: Re: paperwork</div>' % (nb + na + 1),
        1: '<div class="top"><b>SHOP</b><span>Search products, brands and more</span></div><div class="nav">Home &nbsp; New in &nbsp; Fitness &nbsp; Nutrition &nbsp; Offers &nbsp; Help</div><div class="crumb">Home &rsaquo; My account &rsaquo; Documents</div><div class="bn">Free delivery over 30 &middot; Click and collect</div>',
        2: '<div class="top"><b>Export</b> &middot; all entries, newest last</div>'}[kind]
foot = {0: '<div class="ft">End of conversation</div>',
        1: '<div class="ft"><div>About us &middot; Careers &middot; Stores &middot; Delivery &middot; Returns &middot; Privacy &middot; Cookies</div><div>Customer service &middot; Track an order &middot; Gift cards &middot; Accessibility</div><div>Follow us &middot; Newsletter &middot; App</div><div>&copy; All rights reserved</div></div>',
        2: '<div class="ft">Exported by the app</div>'}[kind]
css = """@page{size:%dpx %dpx;margin:0}html,body{margin:0;padding:0}body{width:%dpx;height:%dpx;overflow:hidden;font-family:"DejaVu Sans",sans-serif;color:#222;background:#fff;position:relative}
.top{height:%dpx;box-sizing:border-box;padding:24px 30px;font-size:22px;background:%s;color:%s}.top span{font-size:14px;margin-left:24px;border:1px solid #999;padding:6px 40px;background:#fff;color:#777}
.subj{font-size:16px;padding:0 30px}.nav{height:48px;background:#333;color:#fff;font-size:15px;padding:14px 30px;box-sizing:border-box}.crumb{font-size:13px;padding:10px 30px;color:#666}.bn{font-size:14px;padding:8px 30px;background:#fde9c9}
.fill{margin:0 30px}.m{height:%dpx;box-sizing:border-box;border-bottom:1px solid #ddd;padding:14px 0;font-size:14px}.mh{display:flex;justify-content:space-between;margin-bottom:8px}.mh span{color:#777;font-size:13px}
.row{height:%dpx;box-sizing:border-box;padding:10px 0}.row h3{margin:0 0 8px;font-size:17px}.ps{display:flex;gap:12px}.p{flex:1;font-size:13px}.p .im{height:150px;background:#e4e8ec;margin-bottom:6px}.p b{display:block;font-weight:normal}.p span{color:#b03}
.e{height:%dpx;box-sizing:border-box;border:1px solid #ddd;border-radius:8px;margin-bottom:0;padding:16px;font-size:14px;background:#f7f7f9;border-bottom:10px solid #fff}.e span{float:right;color:#888;font-size:12px}
.doc{margin:20px 30px;width:%dpx;height:%dpx;overflow:hidden;border:1px solid #ddd}.doc iframe{border:0;width:%dpx;height:%dpx;transform:scale(%.4f);transform-origin:0 0}
.ft{position:absolute;left:0;right:0;bottom:0;min-height:%dpx;box-sizing:border-box;padding:16px 30px;font-size:13px;color:#666;background:%s;line-height:2}""" % (
    pw, ph, pw, ph, top_fixed, {0: "#f2f2f2", 1: "#0d3b66", 2: "#eaf4ee"}[kind], {0: "#222", 1: "#fff", 2: "#222"}[kind],
    block, block, block, dw, dh, vw, vh, sc, bottom_fixed, {0: "#fff", 1: "#f0f0f0", 2: "#fff"}[kind])
page = '<!doctype html><html><head><meta charset="utf-8"><title>%s</title><style>%s</style></head><body>%s<div class="fill">%s</div><div class="doc"><iframe src="%s" scrolling="no"></iframe></div><div class="fill">%s</div>%s</body></html>' % (
    title, css, head[:head.index("</div>") + 6] + head[head.index("</div>") + 6:], fill(0, nb), src, fill(1, na), foot)
open(dst, "w").write(page)
print(pw, ph)
EOF
      read -r lpw lph <"$ld/size"
      cp "$ld/long.html" "$out/$s/html/$n.pdflongpage.html"
      if ((limg)); then
        chrome --force-device-scale-factor=1.5 --window-size="$lpw,$lph" --screenshot="$ld/shot.png" "file://$PWD/$out/$s/html/$n.pdflongpage.html"
        convert "$ld/shot.png" -crop "$((lpw * 3 / 2))x$((lph * 3 / 2))+0+0" +repage -background white -flatten -quality 85 "$ld/shot.jpg"
        jpegs_to_pdf "$f" 144 "$ld/shot.jpg"
      else
        chrome --no-pdf-header-footer --print-to-pdf="$f" "file://$PWD/$out/$s/html/$n.pdflongpage.html"
      fi
      rm -f "$out/$s/html/$n.pdflongpage.html"
      lpages=$(pdfinfo "$f" 2>/dev/null | sed -n 's/^Pages: *//p')
      [[ $lpages == 1 ]] || { echo "heldout: $s $n pdflongpage: ${lpages:-no} pages, not one" >&2; exit 1; }
      rm -rf "$ld" ;;
    pdfdamaged)
      # A PDF that viewers open although it is slightly broken (unseen178),
      # as buggy generators, interrupted downloads and careless e-mail
      # gateways leave it: the browser's print of the page (a text PDF,
      # header and footer off, one page, as `pdf`), written by qpdf with a
      # classic xref table, then broken by pdf_damage in one of five ways
      # drawn from SEED and the document: xref offsets off, a content
      # stream's /Length wrong, no %%EOF with trailing garbage and startxref
      # early, an incremental update with a damaged xref, CRLF turned to LF
      # after writing. Checked: qpdf --check reports the damage (warnings,
      # exit 3) and recovers; pdfinfo says one page; pdftotext gives the
      # print's own text; pdftoppm draws it as the print (grey RMSE under
      # 0.01 at 50 dpi). Needs qpdf (apt-get install qpdf), pdftoppm and
      # pdftotext (poppler-utils). Not harsh: the page is the document's
      # own, every field as printed.
      f=$docs/$n.pdfdamaged.pdf
      local pd=$docs/$n.pdfdamaged.d rc rmse
      command -v qpdf >/dev/null || { echo "heldout: pdfdamaged needs qpdf (apt-get install qpdf)" >&2; exit 1; }
      command -v pdftoppm >/dev/null && command -v pdftotext >/dev/null ||
        { echo "heldout: pdfdamaged needs pdftoppm and pdftotext (apt-get install poppler-utils)" >&2; exit 1; }
      rm -rf "$pd" && mkdir -p "$pd"
      chrome --no-pdf-header-footer --print-to-pdf="$pd/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      [[ $(pdfinfo "$pd/print.pdf" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfdamaged: the print is not one page" >&2; exit 1; }
      qpdf --object-streams=disable "$pd/print.pdf" "$pd/good.pdf"
      pdf_damage "$pd/good.pdf" "$f" "$(pick "$n pdfdamaged kind" "$seed" 5)" >"$pd/kind" || exit 1
      rc=0; qpdf --check "$f" >"$pd/check" 2>&1 || rc=$?
      ((rc == 3)) || { echo "heldout: $s $n pdfdamaged: qpdf --check exits $rc on $f (3, warnings, expected)" >&2; exit 1; }
      [[ $(pdfinfo "$f" 2>/dev/null | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfdamaged: $f does not open as one page" >&2; exit 1; }
      [[ $(pdftotext "$f" - 2>/dev/null | md5sum) == $(pdftotext "$pd/print.pdf" - | md5sum) ]] ||
        { echo "heldout: $s $n pdfdamaged: $f's text differs from the print's" >&2; exit 1; }
      pdftoppm -r 50 -gray -singlefile "$pd/print.pdf" "$pd/a" && pdftoppm -r 50 -gray -singlefile "$f" "$pd/b" 2>/dev/null ||
        { echo "heldout: $s $n pdfdamaged: $f does not render" >&2; exit 1; }
      rmse=$(compare -metric RMSE "$pd/a.pgm" "$pd/b.pgm" null: 2>&1 | sed -n 's/.*(\([0-9.e-]*\)).*/\1/p' || true)
      awk -v r="${rmse:-1}" 'BEGIN{exit !(r < 0.01)}' ||
        { echo "heldout: $s $n pdfdamaged: $f draws unlike the print (grey RMSE ${rmse:-?})" >&2; exit 1; }
      rm -rf "$pd" ;;
    pdfxobject)
      # A text PDF whose page content lives in Form XObjects (unseen187), as
      # PDF stamping tools, mail-merge engines, letterhead overlays and
      # "flatten" features write it: the browser's print of the page (header
      # and footer off, one page, as `pdf`) opened by qpdf --qdf and redrawn
      # by pdf_xobject (above): letterhead and footer in an XObject drawn with
      # a scaling matrix, the body in another, one stretch of it (a field's
      # value) two XObjects deeper, the letterhead's print mostly stamped
      # again through a wrapper whose /BBox clips it to the page's top part,
      # each with its own /Resources; the page's content a few Do operators;
      # what is drawn how from SEED and the document. Where the footer drawn
      # before the body would be covered, the footer gets its own XObject.
      # Checked: qpdf --check passes, one page, every word of the print in
      # pdftotext's text, pdftoppm draws it as the print (grey RMSE under 0.03
      # at 50 dpi; the stamped letterhead darkens its edges a little). Needs
      # qpdf (apt-get install qpdf), pdftoppm and pdftotext (poppler-utils),
      # ImageMagick's compare. Not harsh: the page as shown is the print.
      f=$docs/$n.pdfxobject.pdf
      local px=$docs/$n.pdfxobject.d rmse try
      command -v qpdf >/dev/null || { echo "heldout: pdfxobject needs qpdf (apt-get install qpdf)" >&2; exit 1; }
      command -v pdftoppm >/dev/null && command -v pdftotext >/dev/null ||
        { echo "heldout: pdfxobject needs pdftoppm and pdftotext (apt-get install poppler-utils)" >&2; exit 1; }
      rm -rf "$px" && mkdir -p "$px"
      chrome --no-pdf-header-footer --print-to-pdf="$px/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      [[ $(pdfinfo "$px/print.pdf" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfxobject: the print is not one page" >&2; exit 1; }
      qpdf --qdf --object-streams=disable "$px/print.pdf" "$px/qdf.pdf"
      pdftoppm -r 50 -gray -singlefile "$px/print.pdf" "$px/a"
      # (ligatures spelt out: poppler may leave a ligature glyph drawn inside an XObject as one character)
      pdftotext "$px/print.pdf" - | sed 's/\xef\xac\x81/fi/g; s/\xef\xac\x82/fl/g' | tr -s ' \n' '\n\n' | sort -u >"$px/a.words"
      for try in "" sep; do
        pdf_xobject "$px/qdf.pdf" "$px/x.pdf" "$n" "$seed" $try >"$px/how" || exit 1
        qpdf "$px/x.pdf" "$f"
        qpdf --check "$f" >/dev/null || { echo "heldout: $s $n pdfxobject: qpdf --check fails on $f" >&2; exit 1; }
        [[ $(pdfinfo "$f" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfxobject: $f does not open as one page" >&2; exit 1; }
        pdftotext "$f" - | sed 's/\xef\xac\x81/fi/g; s/\xef\xac\x82/fl/g' | tr -s ' \n' '\n\n' | sort -u >"$px/b.words"
        [[ -z $(comm -23 "$px/a.words" "$px/b.words") ]] || { echo "heldout: $s $n pdfxobject: $f lost words of the print" >&2; exit 1; }
        pdftoppm -r 50 -gray -singlefile "$f" "$px/b" || { echo "heldout: $s $n pdfxobject: $f does not render" >&2; exit 1; }
        rmse=$(compare -metric RMSE "$px/a.pgm" "$px/b.pgm" null: 2>&1 | sed -n 's/.*(\([0-9.e-]*\)).*/\1/p' || true)
        awk -v r="${rmse:-1}" 'BEGIN{exit !(r < 0.03)}' && break
        [[ $try == sep ]] && { echo "heldout: $s $n pdfxobject: $f draws unlike the print (grey RMSE ${rmse:-?}; $(cat "$px/how"))" >&2; exit 1; }
      done
      rm -rf "$px" ;;
    pdfblend)
      # A PDF using transparency as modern design and office tools write it
      # (unseen182): the browser's print of the page (a text PDF, header and
      # footer off, one page, as `pdf`) opened by qpdf --qdf, and pdf_blend
      # puts the page's content in a transparency group (isolated or not,
      # knockout or not) on a white paper fill, a coloured highlight over a
      # line of print with a figure in /Multiply or /Darken, and two or more
      # of: a background panel at constant alpha, a /Screen band, a
      # watermark word at /ca 0.3-0.42 in a knockout group, a soft-masked
      # logo (drawn from SEED and the document); qpdf writes it back as one
      # revision. Checked: one page, /BM and /Group in it, every word of the
      # print still in pdftotext's text, and pdftoppm draws it close to the
      # print (grey RMSE under 0.12 at 50 dpi: the page as designed, every
      # field dark on light). Needs qpdf (apt-get install qpdf), pdftoppm
      # and pdftotext (poppler-utils), ImageMagick's compare. Not harsh.
      f=$docs/$n.pdfblend.pdf
      local pb=$docs/$n.pdfblend.d rmse
      command -v qpdf >/dev/null ||
        { echo "heldout: pdfblend needs qpdf (apt-get install qpdf)" >&2; exit 1; }
      command -v pdftoppm >/dev/null && command -v pdftotext >/dev/null ||
        { echo "heldout: pdfblend needs pdftoppm and pdftotext (apt-get install poppler-utils)" >&2; exit 1; }
      rm -rf "$pb" && mkdir -p "$pb"
      chrome --no-pdf-header-footer --print-to-pdf="$pb/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      [[ $(pdfinfo "$pb/print.pdf" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfblend: the print is not one page" >&2; exit 1; }
      qpdf --qdf --object-streams=disable "$pb/print.pdf" "$pb/qdf.pdf"
      pdftotext -bbox-layout "$pb/print.pdf" "$pb/bbox.html"
      pdf_blend "$pb/qdf.pdf" "$pb/blend.pdf" "$pb/bbox.html" "$n" "$seed" >"$pb/kind" || exit 1
      qpdf "$pb/blend.pdf" "$f"
      [[ $(pdfinfo "$f" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfblend: $f does not open as one page" >&2; exit 1; }
      qpdf --qdf --object-streams=disable "$f" "$pb/check.pdf"
      grep -aq '/BM */Multiply\|/BM */Darken' "$pb/check.pdf" && grep -aq '/S */Transparency' "$pb/check.pdf" ||
        { echo "heldout: $s $n pdfblend: $f has no blend mode or transparency group" >&2; exit 1; }
      pdftotext "$pb/print.pdf" - | tr -s ' \n' '\n\n' | sort -u >"$pb/a.words"
      pdftotext "$f" - | tr -s ' \n' '\n\n' | sort -u >"$pb/b.words"
      [[ -z $(comm -23 "$pb/a.words" "$pb/b.words") ]] ||
        { echo "heldout: $s $n pdfblend: $f lost words of the print" >&2; exit 1; }
      pdftoppm -r 50 -gray -singlefile "$pb/print.pdf" "$pb/a" && pdftoppm -r 50 -gray -singlefile "$f" "$pb/b" ||
        { echo "heldout: $s $n pdfblend: $f does not render" >&2; exit 1; }
      rmse=$(compare -metric RMSE "$pb/a.pgm" "$pb/b.pgm" null: 2>&1 | sed -n 's/.*(\([0-9.e-]*\)).*/\1/p' || true)
      awk -v r="${rmse:-1}" 'BEGIN{exit !(r < 0.12)}' ||
        { echo "heldout: $s $n pdfblend: $f draws unlike the print (grey RMSE ${rmse:-?})" >&2; exit 1; }
      rm -rf "$pb" ;;
    pdfshuffled)
      # A text PDF whose content stream draws the page's text in another
      # order than it is read (unseen186), as report generators, form
      # fillers and layout engines write it: the browser's print of the page
      # (one page, header and footer off, as `pdf`) opened by qpdf --qdf and
      # pdf_shuffle takes every text run out of its place and draws it again
      # after the page's other content, each in its own q/Q with its own
      # graphics state and an absolute Tm, in an order drawn from SEED and
      # the document (the reverse of the reading order, the right half
      # first, column by column, the rows bottom first, values before their
      # captions with the header and footer first, or scattered); fix-qdf
      # and qpdf write it back. Checked: one page; pdftotext -layout gives
      # the print's words; pdftotext -raw (the stream's order) differs from
      # the print's; pdftoppm draws it as the print (grey RMSE under 0.02 at
      # 50 dpi). Needs qpdf and fix-qdf (apt-get install qpdf), pdftoppm and
      # pdftotext (poppler-utils). Not harsh: the page is the document's own.
      f=$docs/$n.pdfshuffled.pdf
      local ps=$docs/$n.pdfshuffled.d rmse
      command -v qpdf >/dev/null && command -v fix-qdf >/dev/null ||
        { echo "heldout: pdfshuffled needs qpdf and fix-qdf (apt-get install qpdf)" >&2; exit 1; }
      command -v pdftoppm >/dev/null && command -v pdftotext >/dev/null ||
        { echo "heldout: pdfshuffled needs pdftoppm and pdftotext (apt-get install poppler-utils)" >&2; exit 1; }
      rm -rf "$ps" && mkdir -p "$ps"
      chrome --no-pdf-header-footer --print-to-pdf="$ps/print.pdf" "file://$PWD/$out/$s/html/$n.html"
      [[ $(pdfinfo "$ps/print.pdf" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfshuffled: the print is not one page" >&2; exit 1; }
      qpdf --qdf --object-streams=disable "$ps/print.pdf" "$ps/qdf.pdf"
      pdf_shuffle "$ps/qdf.pdf" "$ps/shuf.qdf" "$n" "$seed" >"$ps/kind" || exit 1
      fix-qdf "$ps/shuf.qdf" >"$ps/fixed.pdf" && qpdf "$ps/fixed.pdf" "$f"
      [[ $(pdfinfo "$f" | sed -n 's/^Pages: *//p') == 1 ]] || { echo "heldout: $s $n pdfshuffled: $f does not open as one page" >&2; exit 1; }
      [[ $(pdftotext -layout "$f" - | tr -s ' \n' '\n\n' | sed '/^$/d' | sort | md5sum) == $(pdftotext -layout "$ps/print.pdf" - | tr -s ' \n' '\n\n' | sed '/^$/d' | sort | md5sum) ]] ||
        { echo "heldout: $s $n pdfshuffled: $f's words differ from the print's" >&2; exit 1; }
      [[ $(pdftotext -raw "$f" - | md5sum) != $(pdftotext -raw "$ps/print.pdf" - | md5sum) ]] ||
        { echo "heldout: $s $n pdfshuffled: $f's stream order is the print's" >&2; exit 1; }
      pdftoppm -r 50 -gray -singlefile "$ps/print.pdf" "$ps/a" && pdftoppm -r 50 -gray -singlefile "$f" "$ps/b" ||
        { echo "heldout: $s $n pdfshuffled: $f does not render" >&2; exit 1; }
      rmse=$(compare -metric RMSE "$ps/a.pgm" "$ps/b.pgm" null: 2>&1 | sed -n 's/.*(\([0-9.e-]*\)).*/\1/p' || true)
      awk -v r="${rmse:-1}" 'BEGIN{exit !(r < 0.02)}' ||
        { echo "heldout: $s $n pdfshuffled: $f draws unlike the print (grey RMSE ${rmse:-?})" >&2; exit 1; }
      rm -rf "$ps" ;;
    selfiemirror)
      # A photo taken with the phone's front (selfie) camera (unseen189), as
      # patients do who hold the paper up to the phone on a stand or to a
      # laptop's camera: the image saved mirrored left to right, as some
      # phones and video-call apps save front-camera shots, so the text
      # reads backwards. The page held up in front of a dim warm room (a
      # little turned and in perspective), the patient's fingers holding it
      # at its left or right edge (over its white margin only, never the
      # print), warm indoor light from a lamp or the screen falling off
      # across it from one corner (green at 86-94%, blue at 66-80% of red),
      # the frame at 5-8 MP, a little soft (the front camera's fixed focus,
      # sigma 0.8-1.5 px), noise, JPEG 84-91. The side of the hand, the
      # corner of the light, the size, the softness, the cast and the
      # quality drawn from SEED and the document. Harsh: mirrored text a
      # person reads only by turning the image back.
      f=$docs/$n.selfiemirror.jpg
      local smp sside sblur sgreen sblue sq FW FH OX OY HX fy fi LX=0 LY=0 hand=""
      smp=$((5 + $(pick "$n selfiemirror mp" "$seed" 4)))
      sside=$(pick "$n selfiemirror hand" "$seed" 2)
      sblur=$(awk "BEGIN{print 0.8 + $(pick "$n selfiemirror blur" "$seed" 8) / 10}")
      sgreen=$(awk "BEGIN{print 0.86 + $(pick "$n selfiemirror green" "$seed" 9) / 100}")
      sblue=$(awk "BEGIN{print 0.66 + $(pick "$n selfiemirror blue" "$seed" 15) / 100}")
      sq=$((84 + $(pick "$n selfiemirror quality" "$seed" 8)))
      case $(pick "$n selfiemirror light" "$seed" 4) in 1) LX=1 ;; 2) LY=1 ;; 3) LX=1 LY=1 ;; esac
      FW=$((W * 116 / 100)) FH=$((H * 112 / 100)) OX=$((W * 8 / 100)) OY=$((H * 6 / 100))
      # Four fingers over the page's edge (where the perspective puts it),
      # reaching 26 px into its 40 px white margin (the page's border from
      # page()), the rest off the page.
      if ((sside == 0)); then HX=$((OX + W / 80 - W / 9)); else HX=$((OX + W - W / 55 - 26)); fi
      for fi in 0 1 2 3; do
        fy=$((OY + H * (38 + 7 * fi + $(pick "$n selfiemirror finger $fi" "$seed" 3)) / 100))
        hand+=" roundrectangle $HX,$fy $((HX + W / 9 + 26)),$((fy + H / 22)) $((H / 50)),$((H / 50))"
      done
      convert -size "${FW}x${FH}" xc:'#4b3b2f' -seed "$seed" -attenuate 0.5 +noise Gaussian \
        \( "$base" -background '#4b3b2f' -virtual-pixel background \
          -distort Perspective "0,0 $((W / 60)),$((H / 70))  $W,0 $((W - W / 90)),$((H / 120))  0,$H $((W / 80)),$((H - H / 60))  $W,$H $((W - W / 55)),$((H - H / 90))" \) \
        -geometry "+$OX+$OY" -compose over -composite \
        \( -size "${FW}x${FH}" xc:none -fill '#d29a78' -stroke '#9c6549' -strokewidth 3 -draw "$hand" -blur 0x2 \) -compose over -composite \
        \( -size "${FW}x${FH}" xc: -sparse-color Barycentric "$((LX * FW)),$((LY * FH)) #ffffff $(((1 - LX) * FW)),$(((1 - LY) * FH)) #a2a2a2" \) -compose multiply -composite \
        -channel G -evaluate multiply "$sgreen" -channel B -evaluate multiply "$sblue" +channel \
        -flop -resize "$((smp * 1000000))@" -blur "0x$sblur" -seed "$seed" -attenuate 0.35 +noise Gaussian \
        -strip -quality "$sq" "$f" ;;
    pdf)
      # Printed to PDF from the browser, its header and footer turned off: a
      # text PDF.
      f=$docs/$n.pdf.pdf
      chrome --no-pdf-header-footer --print-to-pdf="$f" "file://$PWD/$out/$s/html/$n.html" ;;
    pdfhead)
      # Printed with the browser's own header and footer: the date and time of
      # printing and the title above, the address and page number below.
      f=$docs/$n.pdfhead.pdf
      chrome --print-to-pdf="$f" "file://$PWD/$out/$s/html/$n.html" ;;
    *) echo "heldout: unknown condition $c" >&2; exit 2 ;;
  esac
  echo "$f"
}

if [[ $uploads_only == 1 ]]; then
  for s in "${sets[@]}"; do
    while IFS=$'\t' read -r -u 3 doc _ _ _ _ _ _ uploads; do
      [[ $doc == \#* || -z $doc ]] && continue
      for c in ${uploads:-$default_uploads}; do [[ $c =~ $cond ]] && upload "$s" "$doc" "$c"; done
    done 3<"$(setdir "$s")/cases.tsv"
  done
  exit 0
fi

go build -o "$out/local-api" ./cmd/local-api
# Ports the system has free now, not fixed ones: with fixed ports, a second
# run on this shared machine could not bind them and sent its uploads to the
# first run's API, whatever its tree.
read -r -a free < <(python3 -c 'import socket
s = [socket.socket() for _ in range(4)]
for x in s: x.bind(("127.0.0.1", 0))
print(*(x.getsockname()[1] for x in s))')
declare -A port=([uk]=${free[0]} [us]=${free[1]}) standin=([uk]=${free[2]} [us]=${free[3]})
[[ $reader == textract ]] && go build -o "$out/textract-standin" ./cmd/textract-standin
for m in uk us; do
  readerenv=()
  if [[ $reader == textract ]]; then
    # The stand-in reads the uploads this market's local API stages.
    mkdir -p "$out/data-$m/evidence"
    "$out/textract-standin" -addr "127.0.0.1:${standin[$m]}" -objects "$out/data-$m/evidence" >/dev/null 2>&1 &
    pids+=($!)
    readerenv=(TEXT_READER=textract "AWS_ENDPOINT_URL_TEXTRACT=http://127.0.0.1:${standin[$m]}")
  fi
  env "${readerenv[@]}" MARKET=$m PORT=${port[$m]} DATA_DIR="$out/data-$m" LOG_LEVEL=error VERIFICATIONS_PER_LEAD_PER_DAY=0 "$out/local-api" >/dev/null 2>&1 &
  pids+=($!)
done
for m in uk us; do
  for _ in $(seq 1 50); do curl -fs "127.0.0.1:${port[$m]}/external/v1/protocols/weightloss" >/dev/null && break; sleep 0.1; done
done
for p in "${pids[@]}"; do
  kill -0 "$p" 2>/dev/null || { echo "heldout: a local API or Textract stand-in did not start" >&2; exit 1; }
done

# One line per upload in results.tsv: set, document, condition, truth,
# answer, success, seconds, HTTP status. A truth field may allow two answers
# ("invalid|not_found").
results=$out/results.tsv
: >"$results"
for s in "${sets[@]}"; do
  while IFS=$'\t' read -r -u 3 doc market forename surname medicine dose truth uploads; do
    [[ $doc == \#* || -z $doc ]] && continue
    id=$(curl -s "127.0.0.1:${port[$market]}/external/v1/leads" -H 'Content-Type: application/json' \
      -d "{\"email\":\"heldout@example.com\",\"data\":{\"forename\":\"$forename\",\"surname\":\"$surname\"}}" | jq -r .id)
    read -ra want <<<"$truth"
    for c in ${uploads:-$default_uploads}; do
      [[ $c =~ $cond ]] || continue
      f=$(upload "$s" "$doc" "$c")
      # A 503 (no time to read it now) is not a verdict: ask again after its
      # Retry-After, three times at most; a fourth 503 is scored as no answer.
      for try in 1 2 3 4; do
        t0=$(date +%s.%N)
        status=$(curl -s -o "$out/answer.json" -D "$out/answer.headers" -w '%{http_code}' \
          "127.0.0.1:${port[$market]}/external/v1/prescriptions/verify-evidence" \
          -F "userId=$id" -F "medicationName=$medicine" -F "medicationDosage=$dose" -F "file=@$f")
        t1=$(date +%s.%N)
        [[ $status == 503 && $try -lt 4 ]] || break
        retry=$(sed -n 's/^Retry-After: *\([0-9]*\).*/\1/Ip' "$out/answer.headers" | head -1)
        sleep "$(( ${retry:-5} > 30 ? 30 : ${retry:-5} ))"
      done
      answer=$(cat "$out/answer.json")
      if [[ $status != 200 ]]; then
        if ! counts_only "$s"; then echo "heldout: $s $doc $c: HTTP $status" >&2; else echo "heldout: $s: HTTP $status" >&2; fi
      fi
      got=$(jq -r '[.data.patientName.value,.data.medicationName.value,.data.medicationDosage.value,.data.medicationDate.value,.data.pharmacyName.value]|map(. // "none")|join(" ")' <<<"$answer" 2>/dev/null || echo "none none none none none")
      success=$(jq -r '.success // false' <<<"$answer" 2>/dev/null || echo false)
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$s" "$doc" "$c" "$truth" "$got" "$success" "$(awk "BEGIN{printf \"%.2f\", $t1 - $t0}")" "$status" >>"$results"
      if ! counts_only "$s"; then
        read -ra g <<<"$got"
        misses=""
        for i in 0 1 2 3 4; do
          if [[ "|${want[$i]}|" != *"|${g[$i]}|"* ]]; then
            misses+=" field$i:${want[$i]}->${g[$i]}"
            [[ ${g[$i]} == valid ]] && misses+=" FALSE-ACCEPT"
          fi
        done
        # A false success: success where some field's truth does not allow valid.
        if [[ $success == true ]]; then
          for w in "${want[@]}"; do
            if [[ "|$w|" != *"|valid|"* ]]; then misses+=" FALSE-SUCCESS"; break; fi
          done
        fi
        printf '%-7s %-20s %-9s %-5s %s\n' "$s" "$doc" "$c" "${misses:+miss}" "${misses:-ok}"
      fi
    done
  done 3<"$(setdir "$s")/cases.tsv"
done

python3 - "$results" "$harsh" "$((SECONDS - start))" "$reader" <<'EOF'
import statistics, sys
from collections import defaultdict
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
harsh = set(sys.argv[2].split())
def score(rs):
    fields = right = fa = fs = 0
    for _, _, _, truth, got, success, _, _ in rs:
        want, g = truth.split(), got.split()
        for w, a in zip(want, g):
            ok = a in w.split("|")
            fields += 1; right += ok
            fa += a == "valid" and not ok
        fs += success == "true" and any("valid" not in w.split("|") for w in want)
    return fields, right, fa, fs
def line(name, rs):
    f, r, fa, fs = score(rs)
    secs = [float(x[6]) for x in rs]
    return (f"  {name:<18} {len(rs):>4} {r:>5}/{f:<5} {r / f if f else 0:6.3f} {fa:>3} {fs:>3}"
            f" {statistics.median(secs):7.1f} {max(secs):6.1f}")
print("\nheldout: per set and condition (uploads, fields right, accuracy, false accepts, false successes, median and max s)")
bysets = defaultdict(list)
for r in rows: bysets[r[0]].append(r)
total = [0, 0, 0, 0]
for s, rs in bysets.items():
    print(f"{s}:")
    conds = defaultdict(list)
    for r in rs: conds[r[2]].append(r)
    for c in conds: print(line(c, conds[c]))
    mild = [r for r in rs if r[2] not in harsh]
    hard = [r for r in rs if r[2] in harsh]
    for name, part, bar in (("outside harsh", mild, 0.95), ("harsh", hard, 0.5)):
        if part:
            f, r, fa, fs = score(part)
            print(line(name, part) + f"   bar >= {bar}: {'met' if r / f >= bar else 'MISSED'}")
    unanswered = sum(r[7] != "200" for r in rs)
    if unanswered: print(f"  {unanswered} uploads got no verdict (HTTP status other than 200), scored as wrong")
    for i, v in enumerate(score(rs)): total[i] += v
print(f"heldout ({sys.argv[4]} reader): {total[1]}/{total[0]} fields right, {total[2]} false accepts, {total[3]} false successes"
      f" ({len(rows)} uploads, {sys.argv[3]} s)")
sys.exit(1 if total[2] or total[3] else 0)
EOF
