#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Run every command of the user documentation and compare its answer with the one the documentation states.

    python3 tests/docs/check_commands.py               # README.md, docs/guide.md, docs/performance.md, docs/reliability.md
    python3 tests/docs/check_commands.py --list        # what would run and what is skipped, without running
    python3 tests/docs/check_commands.py --self-test   # the checker must fail on wrong stated answers
    make check-docs                                    # both of the above, as CI runs them

Which lines are commands. In a code block (indented by four spaces, or fenced with ```), a line that runs a
program: `./tutorials/exN`, `tutorials/exN`, `python3 tutorials/...` (or `/usr/bin/python3 ...`), `make run`,
`mpiexec ...`, `./app`; in the text, a `code span` that starts with `tutorials/exN -` or `python3 tutorials/`.  A
leading "$ " and a trailing "# comment" are not part of the command. A command runs as printed, in the top folder
of the repository: its Python is the `python3` (or the path) it names, found as the user's shell finds it; only
`tutorials/exN` goes to $TUTDIR when that is set (a second build's folder).

How a command states its answer. An HTML comment (invisible once rendered) after the command's code block or
paragraph, one per command, in the order of the commands:

    <!-- check: its=194 reason=CONVERGED_RTOL rtrue<1e-6 -->
    <!-- check
      run +-pc_type algtri: its=94
      run +-pc_type mosd -ksp_max_it 300: reason=DIVERGED_ITS
    -->
    <!-- skip: needs a GPU (a CUDA PETSc) -->

`run: ...` (or a single-line `check: ...`) runs the command as printed; `run +ARGS: ...` appends ARGS (for a
command that the text gives with several PCs); `run =COMMAND: ...` runs another command in its place and must
say why in the documentation (a GPU size checked at a CPU size). Expectations:
    its=N[,N...]      the iteration counts the command prints, in order (every count must also be written in the
                      documentation before the comment, after the section's heading or the previous comment, so
                      the text cannot drift either)
    reason=R          every solve's converged reason (CONVERGED_RTOL, DIVERGED_ITS, ...)
    rtrue<X           every printed true relative residual below X (tutorials get -view_numbers appended when
                      the command has none: it changes only what they print)
    err<X             every printed forward relative error below X
    prints=TEXT       the output contains TEXT (underscores stand for blanks)
    needs=PATH        skip, saying so, when PATH (relative to the repository) does not exist
    needs=petsc4py    skip, saying so, when the command's own Python cannot import petsc4py

A number taken from a measurement names its source in a comment after its paragraph, and the check finds each
number both in that paragraph and in the named section of the source (so that a claim cannot drift from its
evidence, nor the evidence change under it unseen):

    <!-- claim: docs/performance.md#triamg-on-the-gpu: 0.107, 0.279 -->

Every list of the preconditioners (PC_LISTS below: the README's table, the guide's first table, its choice,
capability and setup tables, its options reference, its C API and Python type lists) must name every PC type that
include/trisplit.h defines, no user document may give their number as four, and the guide's examples table must name
every tutorials/exN.c.

A command with no comment fails the check (every documented command is run or skipped for a stated reason).
The files this project may not annotate (performance.md, reliability.md: measurements and reliability
records) get their reasons from tests/docs/skips.txt, matched by a substring of the command.
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

TOP = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DOCS = ["README.md", "docs/guide.md", "docs/performance.md", "docs/reliability.md"]
SKIPS = os.path.join(TOP, "tests", "docs", "skips.txt")
TUTDIR = os.environ.get("TUTDIR", "tutorials")

CMD_LINE = re.compile(r"^(\$ )?((mpiexec|mpirun)\s|\./tutorials/|tutorials/ex\d|(/usr/bin/)?python3 tutorials/|make run\b|\./app\b|\./your_app\b|\./ex\d)")
CMD_SPAN = re.compile(r"^(\./)?tutorials/ex\d+ -|^(/usr/bin/)?python3 tutorials/")
COMMENT_OPEN = re.compile(r"<!--\s*(check|skip)\b")


class Command:
    def __init__(self, path, line, text):
        self.path, self.line, self.text = path, line, text
        self.end, self.span = line, False   # the last line (continued commands); whether a `code span` of the text
        self.directives = []   # ('run', extra, expectations) or ('skip', reason)
        self.comment_line = None


def strip_command(s):
    s = s.strip()
    if s.startswith("$ "):
        s = s[2:]
    # a trailing comment: ' #' outside quotes
    m = re.search(r"\s#\s", s)
    if m:
        s = s[: m.start()]
    return s.strip()


def parse_doc(path):
    """The commands of a markdown file, each with the check comment that follows it."""
    lines = open(os.path.join(TOP, path), encoding="utf-8").read().split("\n")
    commands, comments = [], []
    fenced = False
    prev_blank = True
    in_indented = False
    i = 0
    while i < len(lines):
        ln = lines[i]
        if ln.lstrip().startswith("```"):
            fenced = not fenced
            i += 1
            continue
        m = COMMENT_OPEN.search(ln)
        if m and not fenced:
            body, j = ln[m.start() + 4:], i
            while "-->" not in body:
                j += 1
                body += "\n" + lines[j]
            body = body[: body.index("-->")]
            comments.append((i + 1, j + 1, body.strip()))
            i = j + 1
            continue
        indented = ln.startswith("    ") and (prev_blank or in_indented) and not ln.lstrip().startswith(("-", "*", "|"))
        in_indented = indented or (in_indented and ln.strip() == "")
        if fenced or indented:
            if CMD_LINE.search(ln.strip()):
                text, j = strip_command(ln), i
                while text.endswith("\\") and j + 1 < len(lines):   # a command continued on the next lines
                    j += 1
                    text = text[:-1].rstrip() + " " + strip_command(lines[j])
                commands.append(Command(path, i + 1, text))
                commands[-1].end = j + 1
                i = j
        else:
            for span in re.findall(r"`([^`]+)`", ln):
                if CMD_SPAN.search(span):
                    commands.append(Command(path, i + 1, strip_command(span)))
                    commands[-1].span = span
        prev_blank = ln.strip() == ""
        i += 1
    # each comment belongs to the earliest command above it that has none yet
    for first, last, body in comments:
        owner = next((c for c in commands if c.line < first and c.comment_line is None), None)
        if owner is None:
            raise SystemExit(f"{path}:{first}: a check comment with no command above it")
        owner.comment_line = first
        owner.comment_last = last
        owner.directives = parse_comment(path, first, body)
    for c in commands:
        c.siblings = commands
    return commands, lines


def parse_comment(path, line, body):
    m = re.match(r"^(check|skip)\s*(:?)\s*(.*)$", body, re.S)
    kind, colon, rest = m.group(1), m.group(2), m.group(3).strip()
    if kind == "skip":
        return [("skip", " ".join(rest.split()))]
    out = []
    entries = [rest] if colon else [e.strip() for e in rest.split("\n") if e.strip()]
    for e in entries:
        if e.startswith("run"):
            e = e[3:].strip()
        extra = replace = None
        if e.startswith("+") or e.startswith("="):
            head, e = e.split(": ", 1) if ": " in e else (e, "")
            if head.startswith("+"):
                extra = head[1:].strip()
            else:
                replace = head[1:].strip()
        elif e.startswith(":"):
            e = e[1:]
        exp = {}
        for tok in re.findall(r'\S+="[^"]*"|\S+', e):
            m = re.match(r"^(its|reason|prints|needs)=(.*)$", tok) or re.match(r"^(rtrue|err)<(.*)$", tok)
            if not m:
                raise SystemExit(f"{path}:{line}: cannot read '{tok}' in the check comment")
            exp.setdefault(m.group(1), []).append(m.group(2).strip('"'))
        out.append(("run", extra, replace, exp))
    return out


def petsc4py_available(python):
    """whether the Python a command names (python3 through PATH, or a path) imports petsc4py"""
    return subprocess.run(["bash", "-c", f"{python} -c 'import petsc4py'"], cwd=TOP, capture_output=True).returncode == 0


def shell_command(cmd):
    """The command as this checkout runs it: tutorials from TUTDIR, -view_numbers where the numbers are needed."""
    c = re.sub(r"(^|\s)\./tutorials/(ex\d+)\b", lambda m: f"{m.group(1)}{TUTDIR}/{m.group(2)}", cmd)
    c = re.sub(r"(^|\s)tutorials/(ex\d+)\b", lambda m: f"{m.group(1)}{TUTDIR}/{m.group(2)}", c)
    if c.startswith("make run"):
        c = "make --no-print-directory run TUTDIR=" + TUTDIR + c[len("make run"):]
    return c


def parse_output(out):
    its, reasons, rtrue, err = [], [], [], []
    for m in re.finditer(r"\b(CONVERGED_\w+|DIVERGED_\w+) in (\d+) iterations", out):
        reasons.append(m.group(1)); its.append(int(m.group(2)))
    # tutorials/ex4 without -view_steps prints a step's line too; its summary counts the sequence
    m = re.search(r": \d+ steps, (\d+) iterations in all", out)
    if m:
        its = [int(m.group(1))]
        reasons = ["CONVERGED_RTOL" if re.search(r"every step converged.*: yes", out) else "NOT_ALL_CONVERGED"]
    m = re.search(r"converged reason: (\w+)", out)
    if m:
        reasons.append(m.group(1))
        its += [int(x) for x in re.findall(r"^iterations: (\d+)", out, re.M)]
    rtrue = [float(x) for x in re.findall(r"true relative residual (\d[\d.e+-]*)", out)]
    err = [float(x) for x in re.findall(r"(?:forward relative error|relative error:) (\d[\d.e+-]*)", out)]
    return its, reasons, rtrue, err


def stated_text(cmd, lines):
    """The documentation before a command's comment, back to the heading or the comment before: where the command's
    answer is stated (comments left out)."""
    start = cmd.line - 1   # back to the section's heading or the previous check comment
    while start > 0 and not lines[start - 1].startswith("#") and "-->" not in lines[start - 1]:
        start -= 1
    region = list(lines[start: cmd.comment_line - 1])
    for c in cmd.siblings:   # the commands themselves state nothing: keep only their trailing '# comments'
        for k in range(c.line - 1, c.end):
            if start <= k < cmd.comment_line - 1:
                if c.span:
                    region[k - start] = region[k - start].replace(f"`{c.span}`", "")
                else:
                    m = re.search(r"\s#\s.*$", region[k - start])
                    region[k - start] = m.group(0) if m else ""
    text = "\n".join(region)
    return re.sub(r"<!--.*?-->", "", text, flags=re.S)


def run_one(cmd, lines, directive, log):
    _, extra, replace, exp = directive
    for need in exp.get("needs", []):
        if need == "petsc4py":
            python = (replace if replace else cmd.text).split()[0]
            if not petsc4py_available(python):
                return "skip", f"{python} cannot import petsc4py (Debian: apt-get install python3-petsc4py, for /usr/bin/python3)"
        elif not os.path.exists(os.path.join(TOP, need)):
            return "skip", f"{need} is not there (a clone without ../shared)"
    c = replace if replace else cmd.text
    if extra:
        c += " " + extra
    c = shell_command(c)
    is_tutorial = re.search(r"(^|\s)\S*tutorials/ex[124]\b", c) is not None
    if ("rtrue" in exp or "err" in exp) and is_tutorial and "-view_numbers" not in c:
        c += " -view_numbers"
    t0 = time.time()
    p = subprocess.run(["bash", "-c", c], cwd=TOP, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    dt = time.time() - t0
    out = p.stdout + p.stderr
    log.write(f"$ {c}\n{out}\n")
    problems = []
    if p.returncode != 0:
        problems.append(f"exit status {p.returncode}")
    its, reasons, rtrue, err = parse_output(out)
    if "its" in exp:
        want = [int(x) for x in exp["its"][0].split(",")]
        if its != want:
            problems.append(f"iterations {its or 'none printed'}, the documentation states {want}")
        text = stated_text(cmd, lines)
        for w in want:
            if not re.search(rf"(?<![\d.]){w}(?![\d.])", text):
                problems.append(f"the iteration count {w} of the check is not written in the documentation next to the command")
    for r in exp.get("reason", []):
        if not reasons or any(x != r for x in reasons):
            problems.append(f"converged reasons {reasons or 'none printed'}, expected {r}")
    for x in exp.get("rtrue", []):
        if not rtrue or any(v >= float(x) for v in rtrue):
            problems.append(f"true relative residuals {rtrue or 'none printed'}, expected below {x}")
    for x in exp.get("err", []):
        if not err or any(v >= float(x) for v in err):
            problems.append(f"forward errors {err or 'none printed'}, expected below {x}")
    for t in exp.get("prints", []):
        t = t.replace("_", " ")
        if t not in out:
            problems.append(f"output lacks '{t}'")
    summary = f"its {its} reasons {sorted(set(reasons))}" + (f" rtrue max {max(rtrue):.1e}" if rtrue else "") + f" ({dt:.1f} s)"
    return ("fail", "; ".join(problems) + f" [{summary}]: {c}") if problems else ("pass", f"{summary}: {c}")


CLAIM = re.compile(r"<!--\s*claim:\s*([^#\s]+)#([\w-]+):\s*(.*?)\s*-->", re.S)


def slug(heading):
    """the anchor a markdown heading gets (GitHub's rule: lower case, punctuation dropped, blanks to '-')"""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def section(path, anchor):
    """the text of the section of path whose heading has the anchor, up to the next heading of its level or
    above (None if no heading has it)"""
    lines = open(os.path.join(TOP, path), encoding="utf-8").read().split("\n")
    for i, ln in enumerate(lines):
        m = re.match(r"^(#+)\s+(.*)$", ln)
        if m and slug(m.group(2)) == anchor:
            level, j = len(m.group(1)), i + 1
            while j < len(lines) and not (re.match(r"^#+\s", lines[j]) and len(re.match(r"^(#+)", lines[j]).group(1)) <= level):
                j += 1
            return "\n".join(lines[i:j])
    return None


def check_claims(path, say):
    """every <!-- claim: FILE#ANCHOR: N, N --> of path: each N in the paragraph before it and in that section"""
    text = open(os.path.join(TOP, path), encoding="utf-8").read()
    for m in CLAIM.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        src, anchor, numbers = m.group(1), m.group(2), [x.strip() for x in m.group(3).split(",") if x.strip()]
        before = re.sub(r"<!--.*?-->", "", text[: m.start()], flags=re.S).rstrip().split("\n\n")[-1]
        sec = section(src, anchor) if os.path.exists(os.path.join(TOP, src)) else None
        problems = []
        if sec is None:
            problems.append(f"no section #{anchor} in {src}")
        for n in numbers:
            pat = rf"(?<![\w.]){re.escape(n)}(?![\w]|\.\d)"
            if not re.search(pat, before):
                problems.append(f"{n} is not in the paragraph")
            if sec is not None and not re.search(pat, sec):
                problems.append(f"{n} is not in {src}#{anchor}")
        say("fail" if problems else "pass", f"{path}:{line}", f"claim {', '.join(numbers)} from {src}#{anchor}" + (": " + "; ".join(problems) if problems else ""))


def pc_types():
    """the PC types include/trisplit.h defines (#define PCALGTRI "algtri", ...)"""
    return re.findall(r'^#define PC[A-Z]+\s+"(\w+)"', open(os.path.join(TOP, "include", "trisplit.h")).read(), re.M)


# Where the documentation lists the preconditioners: each place must name every PC type of the header.
# (file, where: a regular expression that finds the place, what it is)
PC_LISTS = [
    ("README.md", r"\| PC \| what it is \|.*?\n\n", "the PC table"),
    ("docs/guide.md", r"trisplit adds .*? preconditioners.*?\n\n.*?\n\n", "the first table"),
    ("docs/guide.md", r"## What each PC supports.*?\n\n.*?\n\n", "the capability table"),
    ("docs/guide.md", r"## Options reference\n\n.*?\n\n", "the options reference"),
    ("docs/guide.md", r"`include/trisplit.h` declares the types \(.*?\)", "the C API's type list"),
    ("docs/guide.md", r"pc\.setType\(trisplit\.PC_MOSD\).*?\n", "the Python type names"),
    ("docs/guide.md", r"## Which preconditioner and Krylov method.*?### Setup cost.*?\n\n.*?\n\n", "the choice and setup tables"),
]


def check_pc_lists(say):
    """every PC type in every list of PC_LISTS, no user document speaks of four PCs, and the guide's examples table
    names every tutorial"""
    types = pc_types()
    for path, where, what in PC_LISTS:
        m = re.search(where, open(os.path.join(TOP, path), encoding="utf-8").read(), re.S)
        missing = [t for t in types if not m or not re.search(rf"(?<![a-z]){t}(?![a-z])|PC_{t.upper()}\b|PC{t.upper()}\b", m.group(0))]
        say("fail" if missing or not m else "pass", path, f"{what} names the PC types {', '.join(types)}" + (
            f": not found" if not m else f": lacks {', '.join(missing)}" if missing else ""))
    four = re.compile(r"\b(four|4) (trisplit )?(preconditioners|PCs|PC types)\b|\ball four\b", re.I)
    for path in DOCS + ["docs/testing.md", "docs/design.md"]:
        hits = [i + 1 for i, ln in enumerate(open(os.path.join(TOP, path), encoding="utf-8")) if four.search(ln)]
        say("fail" if hits else "pass", path, "speaks of every PC, not of four" + (f": lines {hits}" if hits else ""))
    guide = open(os.path.join(TOP, "docs", "guide.md"), encoding="utf-8").read()
    examples = guide[guide.index("## Examples"):]
    tutorials = sorted(os.path.basename(f) for f in os.listdir(os.path.join(TOP, "tutorials")) if re.match(r"ex\d+\.c$", f))
    missing = [t for t in tutorials if f"`tutorials/{t}`" not in examples]
    say("fail" if missing else "pass", "docs/guide.md", f"the examples table names {', '.join(tutorials)}" + (f": lacks {', '.join(missing)}" if missing else ""))


def read_skips():
    skips = []
    if os.path.exists(SKIPS):
        for ln in open(SKIPS, encoding="utf-8"):
            if ln.strip() and not ln.startswith("#"):
                f, sub, reason = ln.rstrip("\n").split("\t")
                skips.append((f, sub, reason))
    return skips


def check(docs, list_only=False, log=None, quiet=False):
    """Returns (passed, failed, skipped) and prints one line per command run or skipped."""
    skips = read_skips()
    counts = {"pass": 0, "fail": 0, "skip": 0}
    log = log or open(os.devnull, "w")

    def say(kind, where, msg):
        counts[kind] += 1
        if not quiet:
            print(f"{ {'pass': 'ok  ', 'fail': 'FAIL', 'skip': 'skip'}[kind]} {where}: {msg}", flush=True)

    if docs == DOCS:
        check_pc_lists(say)
    for path in docs:
        check_claims(path, say)
        commands, lines = parse_doc(path)
        for c in commands:
            where = f"{path}:{c.line}"
            if not c.directives:
                sk = next((r for f, sub, r in skips if f == path and sub in c.text), None)
                if sk:
                    say("skip", where, f"{c.text}  -- not run: {sk}")
                else:
                    say("fail", where, f"{c.text}  -- no <!-- check --> or <!-- skip --> comment states its answer")
                continue
            for d in c.directives:
                if d[0] == "skip":
                    say("skip", where, f"{c.text}  -- not run: {d[1]}")
                elif list_only:
                    say("pass", where, f"would run {d[1:]}: {c.text}")
                else:
                    kind, msg = run_one(c, lines, d, log)
                    say(kind, where, msg)
    return counts


SELF_TEST_DOC = """# self-test

    ./tutorials/ex1 -problem aniso1 -n 16 -ksp_type gmres -ksp_pc_side right    # converges in {its} iterations

<!-- check: its={its} reason=CONVERGED_RTOL rtrue<{rtrue} -->
"""


def self_test():
    """The checker against itself: a right stated answer passes; a wrong count, a wrong residual bound, a count
    the text does not state and a command without a comment each fail."""
    ok = True
    for printed in ("python3 tutorials/python/ex1.py -pc_type algtri", "/usr/bin/python3 tutorials/python/ex1.py"):
        good = shell_command(printed) == printed
        ok &= good
        print(f"{'ok  ' if good else 'FAIL'} self-test: '{printed}' runs as printed{'' if good else ': as ' + shell_command(printed)}", flush=True)
    base = subprocess.run(["bash", "-c", shell_command("./tutorials/ex1 -problem aniso1 -n 16 -ksp_type gmres -ksp_pc_side right")],
                          cwd=TOP, capture_output=True, text=True)
    its = parse_output(base.stdout)[0]
    if len(its) != 1:
        print(f"FAIL self-test: tutorials/ex1 printed no iteration count:\n{base.stdout}{base.stderr}")
        return False
    n = its[0]
    cases = [
        ("the right answer", SELF_TEST_DOC.format(its=n, rtrue="1e-5"), True),
        ("a wrong iteration count", SELF_TEST_DOC.format(its=n + 1, rtrue="1e-5"), False),
        ("a true residual bound the solve misses", SELF_TEST_DOC.format(its=n, rtrue="1e-12"), False),
        ("a count the text does not state", SELF_TEST_DOC.format(its=n, rtrue="1e-5").replace(f"in {n} iterations", "quickly"), False),
        ("a command with no check comment", SELF_TEST_DOC.format(its=n, rtrue="1e-5").split("<!--")[0], False),
        ("a wrong converged reason", SELF_TEST_DOC.format(its=n, rtrue="1e-5").replace("reason=CONVERGED_RTOL", "reason=DIVERGED_ITS"), False),
    ]
    with tempfile.TemporaryDirectory(dir=os.path.join(TOP, "tests", "docs")) as d:
        # claims: a number the source section states passes; one it does not state, or the paragraph lacks, fails
        src = os.path.relpath(os.path.join(d, "source.md"), TOP)
        open(os.path.join(TOP, src), "w").write("# Runs\n\n## Setup times\n\nalgtri 5-9 ms, mosa 23-62 ms\n\n## Other\n\n0.5 s\n")
        claim_cases = [
            ("a claim its source states", "algtri sets up in 5-9 ms.\n<!-- claim: %s#setup-times: 5-9 ms -->\n" % src, True),
            ("a claim its source section does not state", "algtri sets up in 0.5 s.\n<!-- claim: %s#setup-times: 0.5 s -->\n" % src, False),
            ("a claim the paragraph does not state", "algtri sets up quickly.\n<!-- claim: %s#setup-times: 5-9 ms -->\n" % src, False),
            ("a claim of a section that does not exist", "algtri: 5-9 ms.\n<!-- claim: %s#nowhere: 5-9 ms -->\n" % src, False),
        ]
        rel = os.path.relpath(os.path.join(d, "claims.md"), TOP)
        for name, text, should_pass in claim_cases:
            open(os.path.join(TOP, rel), "w").write("# claims\n\n" + text)
            counts = check([rel], quiet=True)
            passed = counts["fail"] == 0 and counts["pass"] == 1
            good = passed == should_pass
            ok &= good
            print(f"{'ok  ' if good else 'FAIL'} self-test: {name}: the check {'passes' if passed else 'fails'}"
                  f"{'' if good else ' (expected the opposite)'}", flush=True)
        rel = os.path.relpath(os.path.join(d, "self.md"), TOP)
        for name, text, should_pass in cases:
            open(os.path.join(TOP, rel), "w").write(text)
            counts = check([rel], quiet=True)
            passed = counts["fail"] == 0 and counts["pass"] == 1
            good = passed == should_pass
            ok &= good
            print(f"{'ok  ' if good else 'FAIL'} self-test: {name}: the check {'passes' if passed else 'fails'}"
                  f"{'' if good else ' (expected the opposite)'}", flush=True)
    return ok


def main(argv):
    if "--self-test" in argv:
        ok = self_test()
        print(f"self-test {'passed' if ok else 'FAILED'}")
        return 0 if ok else 1
    docs = [a for a in argv if not a.startswith("--")] or DOCS
    os.makedirs(os.path.join(TOP, "build"), exist_ok=True)
    with open(os.path.join(TOP, "build", "check_commands.log"), "w") as log:
        counts = check(docs, list_only="--list" in argv, log=log)
    print(f"{counts['pass']} passed, {counts['fail']} failed, {counts['skip']} skipped")
    return 1 if counts["fail"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
