#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Every repository path that the documentation and the source comments name must exist, and bench/results/README.md
must index every results folder.

    python3 tests/docs/check_paths.py               # the check; prints each failure and 'N paths checked, N failed'
    python3 tests/docs/check_paths.py --list        # every path found, where, and what was decided
    python3 tests/docs/check_paths.py --self-test   # planted stale paths and folders must fail the check
    make check-paths                                # both, as make check-docs and CI run them

Where paths are looked for: README.md and docs/*.md (the whole text); *.md under bench/ (not bench/results/: a
run's README records the commands of its commit), tests/ and tutorials/; the comments of the code files under
src/, include/, tests/, tutorials/ and bench/ (C, C++, CUDA: /* */ and //; Python: # and docstrings; shell, make:
#).

What is a path. A word that starts with a top-level entry of the repository (src/, include/, tests/, tutorials/,
bench/, docs/, conf/, .ci/, README.md, CHANGELOG.md, makefile, gmakefile.test, LICENSE), or a markdown link's
target (relative to the file). Trailing punctuation is not part of it; a path followed by '/' names a folder.
`a/{b,c}` stands for a/b and a/c; `a/*.c` must match at least one file.

What is not checked, and why (the rule; tests/docs/path_allow.txt lists the few exceptions by name):
    placeholders     a path with <...>, $VAR, NAME, N or '...' in it (bench/results/<topic>/, tests/output/exN.out),
                     or ending in a range (tests/ex5-7)
    programs         a path without extension is a program: it exists when its source does (tutorials/ex1 is
                     tutorials/ex1.c built)
    URLs             anything inside http:// or https:// addresses
    build outputs    build/..., lib/..., .gpu/..., /tmp/... (so the harness's generated scripts are named with
                     their build/ prefix, build/tests/tests/runexN.sh, or by their bare name)
    other projects   the entries of path_allow.txt (PETSc's src/ksp/..., src/snes/...: trisplit has no such
                     folders, so a path there is PETSc's)

Results folders are named by topic: a dated name (YYYY-MM-DD-h100-...) in any checked text fails, and every folder of
bench/results must have a row in bench/results/README.md's table and every row a folder; a row marked *pending*
names a folder still to come (it must not exist yet: once it does, the mark goes).
"""
import bisect
import fnmatch
import glob
import os
import re
import sys

TOP = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
ALLOW = os.path.join("tests", "docs", "path_allow.txt")
RESULTS = "bench/results"
INDEX = RESULTS + "/README.md"

ROOTS = ["src", "include", "tests", "tutorials", "bench", "docs", "conf", ".ci"]
ROOT_FILES = ["README.md", "CHANGELOG.md", "makefile", "gmakefile.test", "LICENSE"]
CODE_DIRS = ["src", "include", "tests", "tutorials", "bench"]
C_LIKE = (".c", ".h", ".cu", ".cuh", ".cpp", ".hpp", ".cc")
HASH = (".py", ".sh", ".mk", ".cfg", ".toml")
HASH_NAMES = ("Makefile", "makefile")

PATH = re.compile(r"(?<![\w./$<>{}~@:-])((?:\.\./)*(?:" + "|".join(re.escape(r) for r in ROOTS) + r")/[\w.*{},/+-]*|(?:"
                  + "|".join(re.escape(f) for f in ROOT_FILES) + r")(?![\w.-]))")
LINK = re.compile(r"\]\(([^)\s]+)\)")
URL = re.compile(r"https?://\S+")
DATED = re.compile(r"\b20\d\d-\d\d-\d\d-(?:h100|h200|host)[\w-]*")
PLACEHOLDER = re.compile(r"<|>|\$|\.\.\.|(?<![A-Z])(?:NAME|N|X|PC|TYPE|DIR)(?![A-Za-z])|\d-\d+$")
GENERATED = re.compile(r"^(?:build|lib|\.gpu|/tmp)(?:/|$)")
PROGRAM_SOURCES = (".c", ".cu", ".py")


def load_allow(top):
    allow = []
    path = os.path.join(top, ALLOW)
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.strip() and not line.startswith("#"):
            allow.append(line.split("\t")[0].strip())
    return allow


def comments(path, text):
    """The comment text of a code file (other characters blanked, so that line numbers stay)."""
    keep = []
    if path.endswith(C_LIKE):
        pattern = re.compile(r"/\*.*?\*/|//[^\n]*|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'", re.S)
        for m in pattern.finditer(text):
            if m.group(0)[0] in "/":
                keep.append((m.start(), m.group(0)))
    elif path.endswith(HASH) or os.path.basename(path) in HASH_NAMES or path.endswith(".py"):
        if path.endswith(".py"):
            for m in re.finditer(r'"""(.*?)"""', text, re.S):
                keep.append((m.start(), m.group(0)))
        for m in re.finditer(r"(?m)(?:^|(?<=\s))#(?![!{])[^\n]*", text):
            keep.append((m.start(), m.group(0)))
    out = [c if c == "\n" else " " for c in text]
    for start, s in keep:
        out[start:start + len(s)] = s
    return "".join(out)


def sources(top, tracked):
    """(path, text to search) of every checked file."""
    for f in tracked:
        full = os.path.join(top, f)
        if not os.path.isfile(full):
            continue
        top_dir = f.split("/")[0]
        if f.startswith(RESULTS + "/") and f != INDEX:
            continue
        if f in ("README.md",) or (f.startswith("docs/") and f.count("/") == 1 and f.endswith(".md")):
            yield f, open(full, encoding="utf-8").read()
        elif top_dir in CODE_DIRS and f.endswith(".md") and f != INDEX:
            yield f, open(full, encoding="utf-8").read()
        elif top_dir in CODE_DIRS and (f.endswith(C_LIKE + HASH) or os.path.basename(f) in HASH_NAMES):
            try:
                text = open(full, encoding="utf-8").read()
            except UnicodeDecodeError:
                continue
            yield f, comments(f, text)


def expand(path):
    m = re.search(r"\{([^{}]*)\}", path)
    if not m:
        return [path]
    out = []
    for alt in m.group(1).split(","):
        out += expand(path[: m.start()] + alt + path[m.end():])
    return out


class Checker:
    def __init__(self, top, tracked=None, overlay=None, removed=()):
        self.top = top
        self.overlay = overlay or {}     # path -> text: planted files (the self-test)
        self.removed = set(removed)      # paths that count as absent (the self-test)
        self.tracked = tracked if tracked is not None else tracked_files(top)
        self.allow = load_allow(top)
        self.failures, self.decisions, self.checked = [], [], 0

    def exists(self, path):
        path = os.path.normpath(path)
        if path in self.removed or any(path.startswith(r + "/") for r in self.removed):
            return False
        if path in self.overlay or any(p.startswith(path + "/") for p in self.overlay):
            return True
        if any(c in path for c in "*?["):
            return bool(glob.glob(os.path.join(self.top, path))) or any(fnmatch.fnmatch(p, path) for p in self.overlay)
        if os.path.exists(os.path.join(self.top, path)):
            return True
        # a program named by its source without the extension (tutorials/ex1, tests/kernels/triamg_test)
        return "." not in os.path.basename(path) and any(self.exists(path + e) for e in PROGRAM_SOURCES)

    def fail(self, where, msg):
        self.failures.append("%s: %s" % (where, msg))

    def decide(self, where, path, what):
        self.decisions.append("%s: %s  [%s]" % (where, path, what))

    def check_path(self, where, fdir, raw, relative):
        path = raw.rstrip(".,:;)'`\"").rstrip("/") if not raw.endswith("/") else raw.rstrip("/")
        path = path.rstrip(".,:;)'`\"")
        if not path or path in ("..", "."):
            return
        if PLACEHOLDER.search(raw):
            return self.decide(where, raw, "placeholder")
        base = os.path.normpath(os.path.join(fdir, path)) if relative or path.startswith("../") else os.path.normpath(path)
        if base.startswith("../"):
            return self.decide(where, raw, "outside the repository")
        if GENERATED.search(base):
            return self.decide(where, raw, "generated")
        for a in self.allow:
            if base == a.rstrip("/") or base.startswith(a.rstrip("/") + "/"):
                return self.decide(where, raw, "allowed (path_allow.txt)")
        for p in expand(base):
            self.checked += 1
            if self.exists(p):
                self.decide(where, p, "exists")
            else:
                self.decide(where, p, "MISSING")
                self.fail(where, "names %s, which does not exist" % p)

    def check_text(self, f, text):
        fdir = os.path.dirname(f)
        urls = [m.span() for m in URL.finditer(text)]
        in_url = lambda i: any(a <= i < b for a, b in urls)
        lines = text.split("\n")
        starts = [0]
        for line in lines:
            starts.append(starts[-1] + len(line) + 1)
        where = lambda i: "%s:%d" % (f, bisect.bisect_right(starts, i))
        for m in DATED.finditer(text):
            if not in_url(m.start()):
                self.fail(where(m.start()), "names the dated results folder %s (results folders are named by topic, "
                          "see %s)" % (m.group(0), INDEX))
        if f.endswith(".md"):
            for m in LINK.finditer(text):
                target = m.group(1).split("#")[0]
                if not target or re.match(r"[a-z]+:", target):
                    continue
                self.check_path(where(m.start()), fdir, target, relative=True)
        for m in PATH.finditer(text):
            if in_url(m.start()):
                continue
            if f.endswith(".md") and text[max(0, m.start() - 2):m.start()] == "](":
                continue   # a link target, done above
            self.check_path(where(m.start()), fdir, m.group(1), relative=False)

    def check_index(self):
        index = self.overlay.get(INDEX)
        if index is None:
            if not os.path.isfile(os.path.join(self.top, INDEX)):
                return self.fail(INDEX, "is missing: the index of the results folders")
            index = open(os.path.join(self.top, INDEX), encoding="utf-8").read()
        rows = {}
        for n, line in enumerate(index.split("\n"), 1):
            m = re.match(r"\|\s*`([^`]+?)/?`\s*\|", line)
            if m:
                rows[m.group(1)] = (n, "*pending*" in line)
        folders = set()
        for d in os.listdir(os.path.join(self.top, RESULTS)):
            if os.path.isdir(os.path.join(self.top, RESULTS, d)) and RESULTS + "/" + d not in self.removed:
                folders.add(d)
        for p in self.overlay:
            if p.startswith(RESULTS + "/") and p.count("/") >= 3:
                folders.add(p.split("/")[2])
        for d in sorted(folders - set(rows)):
            self.fail(INDEX, "has no row for the folder %s/%s/" % (RESULTS, d))
        for d, (n, pending) in sorted(rows.items()):
            if pending and d in folders:
                self.fail("%s:%d" % (INDEX, n), "marks %s/ pending, but the folder exists (drop the mark)" % d)
            elif not pending and d not in folders:
                self.fail("%s:%d" % (INDEX, n), "names %s/%s/, which does not exist" % (RESULTS, d))

    def run(self):
        files = sorted(set(self.tracked) | set(self.overlay))
        for f in files:
            if f in self.overlay:
                text = self.overlay[f] if f.endswith(".md") else comments(f, self.overlay[f])
                if f.startswith(RESULTS + "/") and f != INDEX:
                    continue
                self.check_text(f, text)
        for f, text in sources(self.top, [f for f in files if f not in self.overlay]):
            self.check_text(f, text)
        self.check_index()
        return self.failures


def tracked_files(top):
    import subprocess
    try:
        out = subprocess.check_output(["git", "ls-files"], cwd=top, text=True, stderr=subprocess.DEVNULL)
        return out.split()
    except (OSError, subprocess.CalledProcessError):   # a tarball of the sources: every file
        files = []
        for d, dirs, names in os.walk(top):
            dirs[:] = [x for x in dirs if x not in (".git", "build", ".gpu")]
            files += [os.path.relpath(os.path.join(d, n), top) for n in names]
        return files


def self_test():
    """The real tree must pass; each planted defect must fail it with the expected message, and the forms the rule
    leaves alone must not."""
    ok = True
    base = Checker(TOP).run()
    if base:
        print("self-test: the repository itself fails (run the check without --self-test)")
        return False
    planted = [
        ("a stale path in a doc", {"docs/planted.md": "See `src/pc/planted_stale.c`.\n"}, (),
         "names src/pc/planted_stale.c"),
        ("a stale markdown link", {"docs/planted.md": "[x](../bench/results/no-such-topic/x.png)\n"}, (),
         "names bench/results/no-such-topic/x.png"),
        ("a stale path in a C comment", {"src/pc/planted.c": "/* as in tests/kernels/planted_sim.cu */\nint x;\n"}, (),
         "names tests/kernels/planted_sim.cu"),
        ("a stale path in a shell comment", {"bench/planted/run.sh": "# calls bench/planted/gone.sh\n"}, (),
         "names bench/planted/gone.sh"),
        ("a file named by a doc, removed", {}, ("tests/docs/check_commands.py",), "names tests/docs/check_commands.py"),
        ("a dated results folder", {"docs/planted.md": "(`2026-11-24-h100-tts`)\n"}, (), "dated results folder"),
        ("a results folder without an index row", {RESULTS + "/planted-topic/README.md": "x\n"}, (),
         "has no row for the folder bench/results/planted-topic/"),
        ("an index row without its folder", {}, (RESULTS + "/tts",), "names bench/results/tts/, which does not exist"),
    ]
    for what, overlay, removed, expect in planted:
        failures = Checker(TOP, overlay=overlay, removed=removed).run()
        hit = [f for f in failures if expect in f]
        print("self-test: %-40s %s" % (what, "fails, as it must" if hit else "PASSES: the check is broken"))
        ok = ok and bool(hit)
    clean = {"docs/planted.md": "\n".join([
        "`build/tests/tests/runex1_table4.sh`, `.gpu/lib`, `bench/results/<topic>/`, `tests/output/exN.out`,",
        "https://gitlab.com/petsc/petsc/-/blob/main/src/ksp/pc/impls/jacobi/jacobi.c,",
        "PETSc's src/ksp/pc/impls/jacobi/jacobi.c, `tests/{ex1,ex2}.c`, `src/kernels/cuda/*.cu`, `docs/`.",
        "String, not comment:"]) + "\n",
        "src/pc/planted.c": 'const char *s = "src/pc/not_a_comment.c";\n'}
    failures = Checker(TOP, overlay=clean).run()
    print("self-test: %-40s %s" % ("what the rule leaves alone", "passes, as it must" if not failures else
                                   "FAILS: %s" % "; ".join(failures)))
    ok = ok and not failures
    return ok


def main(argv):
    if "--self-test" in argv:
        ok = self_test()
        print("self-test %s" % ("passed" if ok else "FAILED"))
        return 0 if ok else 1
    c = Checker(TOP)
    failures = c.run()
    if "--list" in argv:
        print("\n".join(c.decisions))
    for f in failures:
        print("FAIL %s" % f)
    print("%d paths checked, %d failed" % (c.checked, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
