import re, sys
ind, out, notation, how = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
games = {}; partial = {}
for l in open(ind):
    m = re.match(r'(\d+) (PREFIX )?([a-h][1-8].*|)$', l.rstrip('\n'))
    if not m: continue
    n = int(m.group(1))
    if m.group(2): partial[n] = m.group(3).split()
    elif m.group(3): games[n] = m.group(3).split()
allg = dict(partial); allg.update(games)
base = out.split('/')[-1].replace('.intended', '.pgn')
with open(out, 'w') as f:
    import textwrap
    text = ('The moves each game of %s means, in UCI, one game a line: its number in the file, then its moves. %s '
            'A game with a misprint or a form the reader does not take (README.md) lists the moves meant as far as they were worked out.' % (base, how))
    for l in textwrap.wrap(text, 72): f.write('# ' + l + '\n')
    f.write('notation %s\n' % notation)
    for n in sorted(allg):
        f.write('%d %s\n' % (n, ' '.join(allg[n])))
print(len(games), 'full', len(partial), 'partial', sorted(set(partial) - set(games)))
