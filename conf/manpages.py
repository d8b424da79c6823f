#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Manual pages of trisplit from its source comments, in the manner of PETSc's manualpages.

    python3 conf/manpages.py            write docs/manualpages/<Name>.md and docs/manualpages/index.md
    python3 conf/manpages.py --check    write nothing; fail (exit status 1) if a page is missing, stale or
                                        left over, or a public symbol or registered type has no page

Reads every /*@ ... @*/ (a function: the definition after it gives the synopsis), /*MC ... M*/ (a PC,
Mat or solver type) and /*E ... E*/ (an enum: the typedef after it) comment of src/ and include/.
The comment is PETSc's format:

    NAME - one line summary (continued until a blank line)
    Logically Collective | Not Collective | Collective ...
    Input Parameter(s): / Output Parameter(s): / Options Database Key(s): / Values:   + a - ... . b - ... - c - ...
    Note(s): / Example Usage: / Reference: / any 'Heading:' line    text, .vb ... .ve verbatim
    Level: beginner|intermediate|advanced|developer
    .seealso: `Name()`, `NAME`, ...

The check also requires: every PETSC_EXTERN symbol of include/trisplit.h has a page (an array of enum
names, PCAlgTriPivotings[], is covered by its enum's page), every type given to PCRegister(),
MatRegister() or MatSolverTypeRegister() in src/ has one, the name of each /*@ comment is the function
defined after it, and every page has a Level.
"""
import argparse
import glob
import os
import re
import sys

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir))
OUT = os.path.join('docs', 'manualpages')
PETSC_URL = 'https://petsc.org/release/manualpages/'
# PETSc's manual page folders, by name prefix, for the links of .seealso entries that are PETSc's
PETSC_FOLDERS = [('MATSOLVER', 'Mat'), ('MAT', 'Mat'), ('Mat', 'Mat'), ('PC', 'PC'), ('KSP', 'KSP'),
                 ('SNES', 'SNES'), ('TS', 'TS'), ('Vec', 'Vec'), ('VEC', 'Vec'), ('DM', 'DM'), ('IS', 'IS'),
                 ('PetscViewer', 'Viewer'), ('PetscOptions', 'Sys'), ('Petsc', 'Sys')]
SECTION_TITLES = {'Input Parameter': 'Input Parameter', 'Input Parameters': 'Input Parameters',
                  'Output Parameter': 'Output Parameter', 'Output Parameters': 'Output Parameters'}


class Page:
    def __init__(self, kind, name, path, line):
        self.kind, self.name, self.path, self.line = kind, name, path, line
        self.summary = ''
        self.collective = ''
        self.level = ''
        self.seealso = []
        self.sections = []  # (title, [('items', [(name, text)]) | ('text', str) | ('code', str)])
        self.synopsis = ''
        self.extra = []  # names this page also documents (an enum's array of names)


def read(rel):
    with open(os.path.join(TOP, rel), encoding='utf-8') as f:
        return f.read()


def sources():
    files = []
    for pattern in ('include/*.h', 'include/*/*.h', 'src/*/*.c', 'src/*/*/*.c', 'src/*/*.cu', 'src/*/*/*.cu'):
        files += glob.glob(os.path.join(TOP, pattern))
    return sorted(os.path.relpath(f, TOP) for f in files)


COMMENT = re.compile(r'/\*(@C?|MC|E)[ \t]*\n(.*?)\n[ \t]*(@|M|E)\*/', re.S)
ITEM = re.compile(r'^[+.\-]\s+(.+?)\s+-\s+(.*)$')
HEADING = re.compile(r'^([A-Z][A-Za-z ()/-]*):\s*$')


def dedent(body):
    lines = body.split('\n')
    first = next((ln for ln in lines if ln.strip()), '')
    n = len(first) - len(first.lstrip(' '))
    return [ln[min(n, len(ln) - len(ln.lstrip(' '))):].rstrip() for ln in lines]


def parse_comment(kind, body, path, line, after):
    lines = dedent(body)
    while lines and not lines[0].strip():
        lines.pop(0)
    m = re.match(r'^(\w+)\s+-\s+(.*)$', lines[0].strip())
    if not m:
        raise SystemExit('%s:%d: the comment does not start with "NAME - summary"' % (path, line))
    page = Page({'@': 'function', '@C': 'function', 'MC': 'type', 'E': 'enum'}[kind], m.group(1), path, line)
    summary = [m.group(2)]
    i = 1
    while i < len(lines) and lines[i].strip():
        summary.append(lines[i].strip())
        i += 1
    page.summary = ' '.join(summary)
    section = None  # (title, blocks)
    preamble = ('', [])
    para = []

    def blocks():
        return section[1] if section else preamble[1]

    def flush():
        if para:
            blocks().append(('text', ' '.join(para)))
            para.clear()

    while i < len(lines):
        raw = lines[i]
        s = raw.strip()
        i += 1
        if not s:
            flush()
            continue
        if re.match(r'^(Logically Collective|Not Collective|Collective|Neighborwise Collective)\b', s) and not section:
            flush()
            page.collective = s
            continue
        m = re.match(r'^Level:\s*(\w+)\s*$', s)
        if m:
            flush()
            page.level = m.group(1)
            continue
        if s.startswith('.seealso:'):
            flush()
            text = s[len('.seealso:'):]
            while i < len(lines) and lines[i].strip() and not HEADING.match(lines[i].strip()):
                text += ' ' + lines[i].strip()
                i += 1
            page.seealso = [x.strip() for x in text.split(',') if x.strip()]
            continue
        if s == '.vb':
            flush()
            code = []
            while i < len(lines) and lines[i].strip() != '.ve':
                code.append(lines[i])
                i += 1
            i += 1
            blocks().append(('code', '\n'.join(dedent('\n'.join(code)))))
            continue
        m = HEADING.match(s)
        if m and raw == s:
            flush()
            section = (m.group(1), [])
            page.sections.append(section)
            continue
        m = ITEM.match(s) if raw[:1] in '+.-' else None
        if m:
            flush()
            b = blocks()
            if not b or b[-1][0] != 'items':
                b.append(('items', []))
            b[-1][1].append([m.group(1), m.group(2)])
            continue
        b = blocks()
        if b and b[-1][0] == 'items' and not para and raw.startswith(' '):
            b[-1][1][-1][1] += ' ' + s  # continuation of a list item
            continue
        para.append(s)
    flush()
    if preamble[1]:
        page.sections.insert(0, ('', preamble[1]))

    if page.kind == 'function':
        m = re.match(r'\s*((?:PETSC_EXTERN\s+)?PetscErrorCode\s+(\w+)\s*\(([^)]*)\))', after)
        if not m:
            raise SystemExit('%s:%d: no function definition after the /*@ comment of %s' % (path, line, page.name))
        if m.group(2) != page.name:
            raise SystemExit('%s:%d: the /*@ comment names %s, the function after it is %s' % (path, line, page.name, m.group(2)))
        page.synopsis = '#include <trisplit.h>\n%s;' % re.sub(r'\s+', ' ', m.group(1)).replace('PETSC_EXTERN ', '')
    elif page.kind == 'enum':
        m = re.match(r'\s*(typedef\s+enum\s*\{.*?\}\s*(\w+)\s*;)(\s*PETSC_EXTERN const char \*const (\w+)\[\];)?', after, re.S)
        if not m or m.group(2) != page.name:
            raise SystemExit('%s:%d: no typedef enum %s after the /*E comment' % (path, line, page.name))
        page.synopsis = '#include <trisplit.h>\n' + m.group(1) + (('\n' + m.group(3).strip()) if m.group(3) else '')
        if m.group(4):
            page.extra.append(m.group(4))
    return page


def type_synopsis(page, defines):
    value = defines.get(page.name)
    if value is None:
        return ''
    if page.name.startswith('PC'):
        return '#include <trisplit.h>\nPCSetType(pc, %s);   /* or -pc_type %s */' % (page.name, value)
    if page.name.startswith('MATSOLVER'):
        return ('#include <trisplit.h>\nPCFactorSetMatSolverType(pc, %s);   /* or -pc_factor_mat_solver_type %s */'
                % (page.name, value))
    if page.name.startswith('MAT'):
        return '#include <trisplit.h>\nMatSetType(A, %s);   /* or -mat_type %s */' % (page.name, value)
    return ''


def collect():
    pages = {}
    for rel in sources():
        text = read(rel)
        for m in COMMENT.finditer(text):
            line = text.count('\n', 0, m.start()) + 1
            page = parse_comment(m.group(1), m.group(2), rel, line, text[m.end():m.end() + 2000])
            if page.name in pages:
                raise SystemExit('%s:%d: %s has a page already (%s:%d)' % (rel, line, page.name, pages[page.name].path, pages[page.name].line))
            pages[page.name] = page
    defines = dict(re.findall(r'#define\s+(\w+)\s+"([^"]*)"', read('include/trisplit.h')))
    for page in pages.values():
        if page.kind == 'type':
            page.synopsis = type_synopsis(page, defines)
    return pages


# ---------------------------------------------------------------------------------------------------
# Markdown


def petsc_link(name):
    base = name.rstrip('()')
    for prefix, folder in PETSC_FOLDERS:
        if base.startswith(prefix) and re.match(r'^[A-Za-z0-9]+$', base):  # not MAT_SHIFT_NONE, KSP_DIVERGED_...
            return '%s%s/%s/' % (PETSC_URL, folder, base)
    return None


def inline(text, pages, here):
    """Markdown of comment text: `Name()` of a page becomes a link, < and > outside code are escaped."""
    out = []
    for k, part in enumerate(re.split(r'(`[^`]*`)', text)):
        if k % 2:
            name = part.strip('`').rstrip('()')
            if name in pages and name != here:
                out.append('[%s](%s.md)' % (part, name))
            else:
                out.append(part)
        else:
            out.append(part.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;'))
    return ''.join(out)


def render(page, pages):
    md = ['# %s' % page.name, '', inline(page.summary, pages, page.name), '']
    if page.synopsis:
        md += ['## Synopsis', '', '```c', page.synopsis, '```', '']
    if page.collective:
        md += [page.collective, '']
    for title, blocks in page.sections:
        if title:
            md += ['## %s' % SECTION_TITLES.get(title, title), '']
        for kind, content in blocks:
            if kind == 'text':
                md += [inline(content, pages, page.name), '']
            elif kind == 'code':
                md += ['```c', content, '```', '']
            else:
                for name, text in content:
                    md.append('- `%s` - %s' % (name, inline(text, pages, page.name)))
                md.append('')
    if page.extra:
        md += ['## Names', '', ', '.join('`%s[]`' % x for x in page.extra) +
               ': the names of the values, as the options database takes them (`PetscOptionsEnum()`).', '']
    if page.seealso:
        links = []
        for s in page.seealso:
            name = s.strip('`').rstrip('()')
            if name in pages:
                links.append('[%s](%s.md)' % (s, name))
            elif petsc_link(s.strip('`')):
                links.append('[%s](%s)' % (s, petsc_link(s.strip('`'))))
            else:
                links.append(s)
        md += ['## See Also', '', ', '.join(links), '']
    md += ['## Level', '', page.level or '(none)', '']
    md += ['## Location', '', '[%s](../../%s)' % (page.path, page.path), '']
    md += ['---', '', '[Index of all manual pages](index.md) · generated by conf/manpages.py from the source comment', '']
    return '\n'.join(md)


GROUPS = [
    ('Preconditioners (`PCType`)', lambda p: p.kind == 'type' and p.name.startswith('PC')),
    ('Matrix and solver types', lambda p: p.kind == 'type' and not p.name.startswith('PC')),
    ('Enums', lambda p: p.kind == 'enum'),
    ('The forest options, on every trisplit preconditioner', lambda p: p.kind == 'function' and p.name.startswith('PCAlgTri')),
    ('The preconditioners of several factors', lambda p: p.kind == 'function' and p.name.startswith('PCTriSplit')),
    ('PCMOSD, PCMOSA, PCALTSPLIT', lambda p: p.kind == 'function' and re.match(r'^PC(MOSD|MOSA|AltSplit)', p.name)),
    ('The tridiagonal matrix', lambda p: p.kind == 'function' and p.name.startswith('Mat')),
    ('The package', lambda p: p.kind == 'function' and p.name.startswith('TriSplit')),
]


def render_index(pages):
    md = ['# trisplit manual pages', '',
          'One page per public function, preconditioner, matrix and solver type and enum of trisplit, generated',
          'from the `/*@`, `/*MC` and `/*E` comments of `src/` and `include/` by `make manpages`',
          '(conf/manpages.py); `make check-manpages` fails when a page is missing or stale. The user guide is',
          '[docs/guide.md](../guide.md).', '']
    seen = set()
    for title, pred in GROUPS:
        members = sorted((p for p in pages.values() if pred(p) and p.name not in seen), key=lambda p: p.name)
        if not members:
            continue
        md += ['## ' + title, '', '| Name | Summary | Level |', '|---|---|---|']
        for p in members:
            seen.add(p.name)
            md.append('| [%s](%s.md) | %s | %s |' % (p.name, p.name, inline(p.summary, pages, p.name).replace('|', '\\|'), p.level))
        md.append('')
    rest = sorted(n for n in pages if n not in seen)
    if rest:
        md += ['## Other', ''] + ['- [%s](%s.md)' % (n, n) for n in rest] + ['']
    return '\n'.join(md)


def generate():
    pages = collect()
    files = {'%s.md' % n: render(p, pages) for n, p in pages.items()}
    files['index.md'] = render_index(pages)
    return pages, files


# ---------------------------------------------------------------------------------------------------
# The check


def coverage(pages):
    """Problems: public symbols and registered types without a page, pages without a Level."""
    problems = []
    header = read('include/trisplit.h')
    documented = set(pages) | {x for p in pages.values() for x in p.extra}
    # a deprecated name: PETSC_EXTERN TRISPLIT_DEPRECATED_FUNCTION("...") PetscErrorCode Name(...);
    header = re.sub(r'\bTRISPLIT_DEPRECATED_FUNCTION\("[^"]*"\)\s*', '', header)
    for sym in re.findall(r'PETSC_EXTERN\s+[^;(]*?\b(\w+)\s*(?:\(|\[|;)', header):
        if sym not in documented:
            problems.append('include/trisplit.h: PETSC_EXTERN %s has no manual page (add a /*@ comment at its definition)' % sym)
    for rel in sources():
        for call, name in re.findall(r'\b(PCRegister|MatRegister|MatSolverTypeRegister)\((\w+)\s*,', read(rel)):
            if name not in pages:
                problems.append('%s: %s(%s) registers a type without a manual page (a /*MC comment)' % (rel, call, name))
    for p in pages.values():
        if not p.level:
            problems.append('%s:%d: %s has no "Level:"' % (p.path, p.line, p.name))
    return sorted(set(problems))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--check', action='store_true', help='check the pages in docs/manualpages, write nothing')
    args = ap.parse_args()
    pages, files = generate()
    out = os.path.join(TOP, OUT)
    problems = coverage(pages)
    present = {os.path.basename(f) for f in glob.glob(os.path.join(out, '*.md'))}
    if args.check:
        for name in sorted(files):
            path = os.path.join(out, name)
            if name not in present:
                problems.append('%s/%s is missing: run make manpages' % (OUT, name))
            elif open(path, encoding='utf-8').read() != files[name]:
                problems.append('%s/%s is stale (the source comment changed): run make manpages' % (OUT, name))
        for name in sorted(present - set(files)):
            problems.append('%s/%s has no source comment any more: run make manpages' % (OUT, name))
        for p in problems:
            print('manpages: ' + p)
        print('manpages: %d pages (%d functions, %d types, %d enums) checked, %d problems'
              % (len(files), sum(p.kind == 'function' for p in pages.values()), sum(p.kind == 'type' for p in pages.values()),
                 sum(p.kind == 'enum' for p in pages.values()), len(problems)))
        return 1 if problems else 0
    os.makedirs(out, exist_ok=True)
    for name in sorted(present - set(files)):
        os.unlink(os.path.join(out, name))
    written = 0
    for name, text in sorted(files.items()):
        path = os.path.join(out, name)
        if name in present and open(path, encoding='utf-8').read() == text:
            continue
        with open(path, 'w', encoding='utf-8') as f:
            f.write(text)
        written += 1
    print('manpages: %d pages in %s (%d written)' % (len(files), OUT, written))
    for p in problems:
        print('manpages: ' + p)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
