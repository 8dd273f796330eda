#!/usr/bin/env python3
"""Independent brute-force FollowChess perft (no king safety, no special moves): the
reference counts in tests/follow_perft.rs. Usage: follow_brute_perft.py BOARD DEPTH"""
import sys
def moves(b, W, H, white):
    out=[]
    for r in range(H):
        for f in range(W):
            c=b[r][f]
            if c=='.' or c.islower()!=white: continue
            own=lambda x: x!='.' and x.islower()==white
            k=c.lower()
            def add(dx,dy,ride,mode='both'):
                x,y=f+dx,r+dy
                while 0<=x<W and 0<=y<H:
                    t=b[y][x]
                    if t=='.':
                        if mode!='cap': out.append((f,r,x,y))
                    else:
                        if not own(t) and mode!='move': out.append((f,r,x,y))
                        break
                    if not ride: break
                    x+=dx;y+=dy
            orth=[(0,1),(1,0),(0,-1),(-1,0)]; diag=[(1,1),(1,-1),(-1,1),(-1,-1)]
            if k=='k': [add(dx,dy,False) for dx,dy in orth+diag]
            if k=='q': [add(dx,dy,True) for dx,dy in orth+diag]
            if k=='r': [add(dx,dy,True) for dx,dy in orth]
            if k=='b': [add(dx,dy,True) for dx,dy in diag]
            if k=='n': [add(dx,dy,False) for dx,dy in [(1,2),(2,1),(-1,2),(-2,1),(1,-2),(2,-1),(-1,-2),(-2,-1)]]
            if k=='p':
                d=1 if white else -1   # rows indexed rank 0 = bottom
                add(0,d,False,'move'); add(1,d,False,'cap'); add(-1,d,False,'cap')
    return out
def perft(b,W,H,white,d):
    if d==0: return 1
    n=0
    for f,r,x,y in moves(b,W,H,white):
        c=b[r][f]; t=b[y][x]
        b[y][x]=c; b[r][f]='.'
        n+=perft(b,W,H,not white,d-1)
        b[r][f]=c; b[y][x]=t
    return n
lines=[l for l in open(sys.argv[1]).read().split('\n') if l.strip()]
b=[list(l) for l in reversed(lines)]
print(perft(b,len(lines[0]),len(lines),True,int(sys.argv[2])))
