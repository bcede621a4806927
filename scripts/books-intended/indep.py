#!/usr/bin/env python3
"""Independent resolver of book moves (descriptive and algebraic in several
languages) to UCI, with its own board: shares nothing with ashtapada."""
import re, sys

FILES = 'abcdefgh'
def sq(f, r): return r * 8 + f
def name(s): return FILES[s % 8] + str(s // 8 + 1)

class Board:
    def __init__(self):
        self.b = [None] * 64
        back = 'RNBQKBNR'
        for f in range(8):
            self.b[sq(f, 0)] = ('w', back[f]); self.b[sq(f, 1)] = ('w', 'P')
            self.b[sq(f, 7)] = ('b', back[f]); self.b[sq(f, 6)] = ('b', 'P')
        self.turn = 'w'; self.castle = set('KQkq'); self.ep = None
    def copy(self):
        n = Board.__new__(Board); n.b = self.b[:]; n.turn = self.turn
        n.castle = set(self.castle); n.ep = self.ep; return n
    def attacked(self, s, by):
        f, r = s % 8, s // 8
        for df, dr in ((1,2),(2,1),(-1,2),(-2,1),(1,-2),(2,-1),(-1,-2),(-2,-1)):
            ff, rr = f+df, r+dr
            if 0 <= ff < 8 and 0 <= rr < 8 and self.b[sq(ff,rr)] == (by,'N'): return True
        for df in (-1,0,1):
            for dr in (-1,0,1):
                if df or dr:
                    ff, rr = f+df, r+dr
                    if 0 <= ff < 8 and 0 <= rr < 8 and self.b[sq(ff,rr)] == (by,'K'): return True
        pr = r - 1 if by == 'w' else r + 1
        for df in (-1, 1):
            ff = f + df
            if 0 <= ff < 8 and 0 <= pr < 8 and self.b[sq(ff,pr)] == (by,'P'): return True
        for dirs, kinds in ((((1,0),(-1,0),(0,1),(0,-1)), 'RQ'), (((1,1),(1,-1),(-1,1),(-1,-1)), 'BQ')):
            for df, dr in dirs:
                ff, rr = f+df, r+dr
                while 0 <= ff < 8 and 0 <= rr < 8:
                    p = self.b[sq(ff,rr)]
                    if p:
                        if p[0] == by and p[1] in kinds: return True
                        break
                    ff += df; rr += dr
        return False
    def king(self, c):
        return next(i for i in range(64) if self.b[i] == (c,'K'))
    def incheck(self, c):
        return self.attacked(self.king(c), 'b' if c == 'w' else 'w')
    def pseudo(self):
        c = self.turn; o = 'b' if c == 'w' else 'w'; out = []
        for s in range(64):
            p = self.b[s]
            if not p or p[0] != c: continue
            k = p[1]; f, r = s % 8, s // 8
            if k == 'P':
                d = 1 if c == 'w' else -1; last = 7 if c == 'w' else 0
                t = sq(f, r+d)
                if not self.b[t]:
                    out += [(s, t, pr) for pr in ('QRBN' if r+d == last else [None])]
                    start = 1 if c == 'w' else 6
                    if r == start and not self.b[sq(f, r+2*d)]: out.append((s, sq(f, r+2*d), None))
                for df in (-1, 1):
                    ff = f + df
                    if 0 <= ff < 8:
                        t = sq(ff, r+d)
                        if (self.b[t] and self.b[t][0] == o) or t == self.ep:
                            out += [(s, t, pr) for pr in ('QRBN' if r+d == last else [None])]
            elif k in 'NK':
                steps = ((1,2),(2,1),(-1,2),(-2,1),(1,-2),(2,-1),(-1,-2),(-2,-1)) if k == 'N' else [(a,b) for a in (-1,0,1) for b in (-1,0,1) if a or b]
                for df, dr in steps:
                    ff, rr = f+df, r+dr
                    if 0 <= ff < 8 and 0 <= rr < 8 and (not self.b[sq(ff,rr)] or self.b[sq(ff,rr)][0] == o):
                        out.append((s, sq(ff,rr), None))
                if k == 'K':
                    hr = 0 if c == 'w' else 7
                    if s == sq(4, hr) and not self.incheck(c):
                        if ('K' if c == 'w' else 'k') in self.castle and not self.b[sq(5,hr)] and not self.b[sq(6,hr)] and self.b[sq(7,hr)] == (c,'R') and not self.attacked(sq(5,hr), o):
                            out.append((s, sq(6,hr), None))
                        if ('Q' if c == 'w' else 'q') in self.castle and not self.b[sq(3,hr)] and not self.b[sq(2,hr)] and not self.b[sq(1,hr)] and self.b[sq(0,hr)] == (c,'R') and not self.attacked(sq(3,hr), o):
                            out.append((s, sq(2,hr), None))
            else:
                dirs = {'R': ((1,0),(-1,0),(0,1),(0,-1)), 'B': ((1,1),(1,-1),(-1,1),(-1,-1))}
                dirs['Q'] = dirs['R'] + dirs['B']
                for df, dr in dirs[k]:
                    ff, rr = f+df, r+dr
                    while 0 <= ff < 8 and 0 <= rr < 8:
                        t = self.b[sq(ff,rr)]
                        if t and t[0] == c: break
                        out.append((s, sq(ff,rr), None))
                        if t: break
                        ff += df; rr += dr
        return out
    def push(self, m):
        s, t, pr = m; p = self.b[s]; c = self.turn
        n = self.copy()
        if p[1] == 'P' and t == self.ep and not self.b[t]:
            n.b[sq(t % 8, s // 8)] = None
        n.b[t] = (c, pr) if pr else p; n.b[s] = None
        if p[1] == 'K' and abs(t - s) == 2:
            hr = s // 8
            if t % 8 == 6: n.b[sq(5,hr)] = n.b[sq(7,hr)]; n.b[sq(7,hr)] = None
            else: n.b[sq(3,hr)] = n.b[sq(0,hr)]; n.b[sq(0,hr)] = None
        for x, ch in ((0,'Q'),(4,'KQ'),(7,'K'),(56,'q'),(60,'kq'),(63,'k')):
            if s == x or t == x: n.castle -= set(ch)
        n.ep = sq(s % 8, (s//8 + t//8)//2) if p[1] == 'P' and abs(t - s) == 16 else None
        n.turn = 'b' if c == 'w' else 'w'
        return n
    def legal(self):
        out = []
        for m in self.pseudo():
            n = self.push(m)
            if not n.incheck(self.turn): out.append(m)
        return out
    def gives_check(self, m):
        return self.push(m).incheck('b' if self.turn == 'w' else 'w')

def uci(m): return name(m[0]) + name(m[1]) + (m[2].lower() if m[2] else '')

# ---------- descriptive ----------
PIECE = {'K':'K','Q':'Q','R':'R','B':'B','Kt':'N','N':'N','P':'P'}
WINGFILE = {('Q',):[3],('K',):[4],('Q','B'):[2],('K','B'):[5],('Q','Kt'):[1],('K','Kt'):[6],('Q','R'):[0],('K','R'):[7],
            ('B',):[2,5],('Kt',):[1,6],('R',):[0,7],('Q','N'):[1],('K','N'):[6],('N',):[1,6]}
TOK = re.compile(r'Kt|[KQRBNP]')
def toks(s):
    out = TOK.findall(s)
    if ''.join(out) != s: raise ValueError('bad spec %r' % s)
    return out

def parse_square(s, turn):
    m = re.fullmatch(r'((?:Q|K)?(?:Kt|N|R|B)?|Q|K)(\d?)', s)
    if not m or not m.group(1): raise ValueError('bad square %r' % s)
    files = WINGFILE[tuple(toks(m.group(1)))]
    r = int(m.group(2) or 1)
    rank = r - 1 if turn == 'w' else 8 - r
    return [sq(f, rank) for f in files]

def desc_norm(t):
    t = t.strip()
    check = None
    t = re.sub(r'\s*[!?]+', '', t)
    for pat, v in ((r'\s*(dis\.?\s*|db\.?\s*|double\s*)?(ch\.?|check\.?|\(ch\.?\)|\+)$', True), (r'\s*(mate|#)\.?$', True)):
        mm = re.search(pat, t)
        if mm: t = t[:mm.start()]; check = v
    ep = False
    mm = re.search(r'\s*(e\.\s*p\.|en\s*pas(sant)?)$', t)
    if mm: t = t[:mm.start()]; ep = True
    t = re.sub(r'\(on ', '(', t)
    t = re.sub(r'^P (K|Q|K ?B|Q ?B|K ?Kt|Q ?Kt|K ?R|Q ?R|B|Kt|R) ?(\d)$', r'P-\1\2', t)
    t = t.replace(' takes ', 'x').replace(' take ', 'x').replace(' to ', '-').replace(' square', '1').replace(' sq.', '1').replace('sq.', '1').replace('sq', '1')
    t = re.sub(r'\s+', '', t).rstrip(',.').replace('X', 'x').replace('—','-').replace('–','-')
    return t, check, ep

def desc_candidates(board, text):
    t, check, ep = desc_norm(text)
    legal = board.legal(); c = board.turn
    if re.fullmatch(r'(Castles|O-O|0-0)(\(?KR?\)?)?', t) or t in ('Castles(KR)', 'CastlesKR'):
        c1 = [m for m in legal if board.b[m[0]][1] == 'K' and m[1] - m[0] == 2]
        if t.startswith('Castles') and t == 'Castles':
            c1 += [m for m in legal if board.b[m[0]][1] == 'K' and m[0] - m[1] == 2]
        return c1, check
    if re.fullmatch(r'(O-O-O|0-0-0|Castles\(?QR?\)?)', t):
        return [m for m in legal if board.b[m[0]][1] == 'K' and m[0] - m[1] == 2], check
    promo = None
    mm = re.search(r'(?:\(|=|/)(Q|R|B|Kt|N)\)?$', t)
    if mm: promo = PIECE[mm.group(1)]; t = t[:mm.start()]
    if 'x' in t and re.search(r'x(?:Q|K)?(?:Kt|N|R|B)?\d$', t):
        spec, d2 = t.split('x', 1); dest = None; cap = None
        capto = parse_square(d2, c)
    elif 'x' in t: spec, cap = t.split('x', 1); dest = None; capto = None
    else: capto = None
    if 'x' in t: pass
    elif '-' in t: spec, dest = t.split('-', 1); cap = None
    if 'x' not in t and '-' not in t: raise ValueError('no move in %r' % text)
    origin = None
    mm = re.search(r'\(([^)]*)\)$', spec)
    if mm: origin = parse_square(mm.group(1), c); spec = spec[:mm.start()]
    st = toks(spec); kind = PIECE[st[-1]]; qual = tuple(st[:-1])
    cands = [m for m in legal if board.b[m[0]][1] == kind and (m[2] or None) == (promo if kind == 'P' and (m[1]//8 in (0,7)) else None)]
    if origin: cands = [m for m in cands if m[0] in origin]
    if kind == 'P' and qual:
        files = WINGFILE[qual]; cands = [m for m in cands if m[0] % 8 in files]
    if dest is not None:
        ds = parse_square(dest, c)
        cands = [m for m in cands if m[1] in ds and not board.b[m[1]] and not (kind == 'P' and m[0] % 8 != m[1] % 8)]
    elif capto is not None:
        cands = [m for m in cands if m[1] in capto and (board.b[m[1]] or (kind == 'P' and m[1] == board.ep))]
    else:
        capsq = None
        mm = re.search(r'\(([^)]*)\)$', cap or '')
        if mm: capsq = parse_square(mm.group(1), c); cap = cap[:mm.start()]
        ctk = toks(cap) if cap else []
        if not ctk: raise ValueError('bad capture %r' % text)
        ck = PIECE[ctk[-1]]; cq = tuple(ctk[:-1])
        def captured(m):
            if board.b[m[1]]: return board.b[m[1]][1], m[1] % 8
            if kind == 'P' and m[1] == board.ep and m[0] % 8 != m[1] % 8: return 'P', m[1] % 8
            return None, None
        nc = []
        for m in cands:
            k2, f2 = captured(m)
            if k2 != ck: continue
            if capsq and m[1] not in capsq: continue
            if ck == 'P' and cq and f2 not in WINGFILE[cq]: continue
            nc.append(m)
        cands = nc
    if len(cands) > 1 and qual and kind in 'RN':
        key = max if qual == ('K',) else min
        f = key(m[0] % 8 for m in cands); cands = [m for m in cands if m[0] % 8 == f]
    if len(cands) > 1 and qual and kind == 'B':
        # the king's bishop stands on the colour of f1 (White) / f8 (Black)
        want = (5 + 0) % 2 if c == 'w' else (5 + 7) % 2
        if qual == ('Q',): want = 1 - want
        cands = [m for m in cands if (m[0] % 8 + m[0] // 8) % 2 == want]
    return cands, check

# ---------- algebraic ----------
LETTERS = {'en':'KQRBN','de':'KDTLS','fr':'RDTFC','es':'RDTAC','it':'RDTAC','nl':'KDTLP','pt':'RDTBC','ru':['Кр','Ф','Л','С','К'],
           'fig':None}
def alg_candidates(board, text, lang):
    t = re.sub(r'[!?]+$', '', text.strip())
    check = None
    if re.search(r'(\+|#)$', t): check = True; t = t.rstrip('+#')
    t = re.sub(r'[!?]+$', '', t)
    t = t.replace('х', 'x').replace(':', 'x').replace('—', '-').replace('–', '-')
    legal = board.legal()
    if re.fullmatch(r'(0-0|O-O|О-О|o-o)', t): return [m for m in legal if board.b[m[0]][1] == 'K' and m[1]-m[0] == 2], check
    if re.fullmatch(r'(0-0-0|O-O-O|О-О-О|o-o-o)', t): return [m for m in legal if board.b[m[0]][1] == 'K' and m[0]-m[1] == 2], check
    kind = 'P'
    if lang == 'fig':
        for i, chs in enumerate(('♔♚','♕♛','♖♜','♗♝','♘♞')):
            if t and t[0] in chs: kind = 'KQRBN'[i]; t = t[1:]
    else:
        for i, l in enumerate(LETTERS[lang]):
            if t.startswith(l): kind = 'KQRBN'[i]; t = t[len(l):]; break
    promo = None
    mm = re.search(r'=?\(?([A-ZФЛСК][р]?)\)?$', t)
    if mm and kind == 'P':
        l = mm.group(1); promo = 'KQRBN'[list(LETTERS[lang]).index(l)]; t = t[:mm.start()]
    mm = re.fullmatch(r'([a-h])?([1-8])?(x|-)?([a-h][1-8])(e\.p\.)?', t)
    if not mm: raise ValueError('bad move %r' % text)
    f0, r0, x, d = mm.group(1), mm.group(2), mm.group(3), mm.group(4)
    dest = sq(FILES.index(d[0]), int(d[1]) - 1)
    cands = [m for m in legal if board.b[m[0]][1] == kind and m[1] == dest and (m[2] or None) == promo]
    if f0: cands = [m for m in cands if m[0] % 8 == FILES.index(f0)]
    if r0: cands = [m for m in cands if m[0] // 8 == int(r0) - 1]
    return cands, check

def resolve(plies, cand_fn, forced=None):
    """plies: list of texts; returns list of uci, or raises with the ply."""
    forced = forced or {}
    def go(board, i, depth):
        if i == len(plies): return []
        cands, check = cand_fn(board, plies[i])
        if i in forced:
            cands = [m for m in cands if uci(m) == forced[i]]
        if len(cands) > 1:
            want = bool(check)
            f = [m for m in cands if board.gives_check(m) == want]
            if f: cands = f
        if not cands: raise LookupError(i)
        if len(cands) == 1:
            return [uci(cands[0])] + go(board.push(cands[0]), i+1, depth)
        ok = []
        far = -1
        for m in cands:
            try:
                rest = go(board.push(m), i+1, depth+1)
                ok.append([uci(m)] + rest)
            except LookupError as e:
                pass
        if len(ok) == 1: return ok[0]
        if not ok: raise LookupError(i)
        raise LookupError(('ambiguous', i, [o[0] for o in ok]))
    return go(Board(), 0, 0)

def fen(board, fullmove):
    rows = []
    for r in range(7, -1, -1):
        row = ''; empty = 0
        for f in range(8):
            p = board.b[sq(f, r)]
            if not p: empty += 1; continue
            if empty: row += str(empty); empty = 0
            row += p[1] if p[0] == 'w' else p[1].lower()
        if empty: row += str(empty)
        rows.append(row)
    cs = ''.join(c for c in 'KQkq' if c in board.castle) or '-'
    ep = name(board.ep) if board.ep is not None else '-'
    return '%s %s %s %s 0 %d' % ('/'.join(rows), board.turn, cs, ep, fullmove)

def uci_to_move(board, u):
    return next(m for m in board.legal() if uci(m) == u)
