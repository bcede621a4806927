#!/usr/bin/env python3
"""Reads a testdata/books file, resolves each game's moves with indep.py,
prints '<game> <uci...>' lines or the failure."""
import os, re, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from indep import *

SKIP = re.compile(r'^(Resigns\.?|resigns\.?|Drawn\.?|1-0|0-1|1/2-1/2|\*|½-½|and wins\.?|Draw\.?|Mate\.?|Abandona\.?|aufgegeben\.?)$', re.I)

def games(path):
    txt = open(path, encoding='utf-8').read()
    parts = re.split(r'\n(?=\[Event )', txt)
    for p in parts:
        if not p.strip(): continue
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', p, re.M))
        body = '\n'.join(l for l in p.split('\n') if not l.startswith('['))
        yield tags, body

def desc_plies(body):
    for a, b in NORMALIZE: body = re.sub(a, b, body)
    out = []
    for line in body.split('\n'):
        line = re.sub(r'\{[^}]*\}', '', line).rstrip()
        if not line.strip() or SKIP.match(line.strip()): continue
        m = re.match(r'^\s*(\d+)\s*\.*\s*(.*)$', line)
        rest = m.group(2) if m else line.strip()
        black_only = False
        mm = re.match(r'^(\.{2,}|…)\s*', rest)
        if mm: rest = rest[mm.end():]; black_only = True
        cols = [c.strip() for c in re.split(r'\s{2,}', rest.strip()) if c.strip()]
        cols = [c for c in cols if not SKIP.match(c) and not re.fullmatch(r'\.+', c) and not re.match(r'^[a-z]', c)]
        for c in cols:
            if is_move(c): out.append(c); continue
            out += split_words(c)
    return out

SPEC = r'(?:(?:Q|K)?(?:Kt|N|R|B)?(?:Kt|N|R|B|Q|K|P)(?:\([^)]*\))?)'
SQ = r'(?:(?:Q|K)?(?:Kt|N|R|B)?[1-8]?|Q[1-8]?|K[1-8]?)'
MV = re.compile(r'^(?:Castles(?:\(?[KQ]R?\)?)?|O-O(?:-O)?|%s-%s(?:\((?:Q|R|B|Kt|N)\))?|%sx%s(?:\([^)]*\))?(?:\((?:Q|R|B|Kt|N)\))?|%sx(?:Q|K)?(?:Kt|N|R|B)?[1-8])$' % (SPEC, SQ, SPEC, SPEC, SPEC))
def is_move(c):
    try: t = desc_norm(c)[0]
    except Exception: return False
    return bool(MV.match(t)) and t not in ('K', 'Q')
def split_words(c):
    w = [x for x in c.split() if not (SKIP.match(x) or re.fullmatch(r'[!?.]+|\d+\.+', x))]
    from functools import lru_cache
    @lru_cache(None)
    def seg(i):
        if i == len(w): return []
        for j in range(min(len(w), i + 8), i, -1):
            if is_move(' '.join(w[i:j])):
                r = seg(j)
                if r is not None: return [' '.join(w[i:j])] + r
        return None
    r = seg(0)
    if r is not None: return r
    out = []; i = 0
    while i < len(w):
        for j in range(min(len(w), i + 8), i, -1):
            if is_move(' '.join(w[i:j])):
                out.append(' '.join(w[i:j])); i = j; break
        else:
            if SKIP.match(w[i]) or re.fullmatch(r'[!?.]+|\d+\.*', w[i]): i += 1; continue
            out.append(' '.join(w[i:])); break
    return out

NORMALIZE = []  # (regex, replacement) pairs a page's quirks need, set per run
def alg_plies(body):
    for a, b in NORMALIZE: body = re.sub(a, b, body)
    body = re.sub(r'\{[^}]*\}', ' ', body)
    body = re.sub(r';[^\n]*', ' ', body)
    toks = body.split()
    out = []
    for t in toks:
        t = re.sub(r'^\d+(\.(\.\.)?|…)', '', t)
        if not t or SKIP.match(t) or re.fullmatch(r'\d+\.*|\.+|…', t): continue
        out.append(t)
    return out

import json, os
FORCED = json.load(open(os.path.join(HERE, 'forced.json')))
if __name__ == '__main__':
    path, lang = sys.argv[1], sys.argv[2]
    if len(sys.argv) > 3: NORMALIZE[:] = json.load(open(sys.argv[3]))
    for i, (tags, body) in enumerate(games(path), 1):
        if lang == 'desc':
            plies = desc_plies(body); fn = desc_candidates
        else:
            plies = alg_plies(body); fn = lambda b, t: alg_candidates(b, t, lang)
        try:
            fz = {int(k): v for k, v in FORCED.get('%s:%d' % (os.path.basename(path), i), {}).items()}
            u = resolve(plies, fn, fz)
            print('%d %s' % (i, ' '.join(u)))
        except (KeyError, IndexError) as e:
            print('%d FAIL %r' % (i, e))
        except LookupError as e:
            a = e.args[0]
            j = a if isinstance(a, int) else a[1]
            print('%d FAIL at ply %d %r %r' % (i, j+1, plies[j] if j < len(plies) else None, a))
            try: print('%d PREFIX %s' % (i, ' '.join(resolve(plies[:j], fn, fz))))
            except Exception as e2: print('%d PREFIX-FAIL %r' % (i, e2))

        except ValueError as e:
            print('%d FAIL %s' % (i, e))
            bad = str(e)
            for j in range(len(plies)):
                try: fn(Board(), plies[j])
                except ValueError as e3:
                    if str(e3) == bad: break
                except Exception: pass
            # the prefix before the first ply the tool cannot parse
            for j in range(len(plies), -1, -1):
                try: print('%d PREFIX %s' % (i, ' '.join(resolve(plies[:j], fn, fz)))); break
                except Exception: pass
