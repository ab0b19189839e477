#!/usr/bin/env python3
# Assembles an HEIC whose primary image is a grid of HEVC tiles, the way
# iPhones save every photo, from one-image HEIC files each holding a tile
# (row by row): make-grid.py OUT WIDTH HEIGHT COLUMNS ROWS TILE.heic...
# Each tile's hvcC and ispe properties and its data are copied as they are.
import struct, sys

def boxes(b, off, end):
    while off + 8 <= end:
        size, typ = struct.unpack(">I4s", b[off:off + 8])
        yield typ.decode("latin1"), off, off + size
        off += size

def child(b, off, end, name, full=False):
    for typ, s, e in boxes(b, off, end):
        if typ == name:
            return s + 8 + (4 if full else 0), e
    raise SystemExit(f"no {name} box")

def tile(path):
    b = open(path, "rb").read()
    ms, me = child(b, 0, len(b), "meta", True)
    ps, pe = child(b, *child(b, ms, me, "iprp"), "ipco")
    props = {typ: b[s:e] for typ, s, e in boxes(b, ps, pe)}
    ls, le = child(b, ms, me, "iloc", True)
    # iloc v0 as libheif writes a single item: sizes byte, base byte, count, id, dref, extents.
    osz, lsz, bsz = b[ls] >> 4, b[ls] & 15, b[ls + 1] >> 4
    base = int.from_bytes(b[ls + 8:ls + 8 + bsz], "big")
    p = ls + 8 + bsz
    n = struct.unpack(">H", b[p:p + 2])[0]; p += 2
    data = b""
    for _ in range(n):
        off = int.from_bytes(b[p:p + osz], "big"); p += osz
        ln = int.from_bytes(b[p:p + lsz], "big"); p += lsz
        data += b[base + off:base + off + ln]
    return props["hvcC"], props["ispe"], data

def box(typ, body):
    return struct.pack(">I", 8 + len(body)) + typ.encode() + body

out, width, height, cols, rows = sys.argv[1], *map(int, sys.argv[2:6])
tiles = [tile(p) for p in sys.argv[6:]]
assert len(tiles) == cols * rows
n = len(tiles)
grid_id = n + 1
ipco = box("ispe", b"\0\0\0\0" + struct.pack(">II", width, height))  # property 1: the canvas
assoc = []
for i, (hvcc, ispe, _) in enumerate(tiles):
    ipco += hvcc + ispe
    assoc.append((i + 1, [0x80 | (2 + 2 * i), 3 + 2 * i]))
assoc.append((grid_id, [1]))
ipma = b"\0\0\0\0" + struct.pack(">I", len(assoc)) + b"".join(
    struct.pack(">HB", item, len(ps)) + bytes(ps) for item, ps in assoc)
infe = lambda item, typ: box("infe", b"\x02\0\0\0" + struct.pack(">HH", item, 0) + typ + b"\0")
iinf = box("iinf", b"\0\0\0\0" + struct.pack(">H", n + 1) + b"".join(infe(i + 1, b"hvc1") for i in range(n)) + infe(grid_id, b"grid"))
iref = box("iref", b"\0\0\0\0" + box("dimg", struct.pack(">HH", grid_id, n) + b"".join(struct.pack(">H", i + 1) for i in range(n))))
desc = bytes([0, 0, rows - 1, cols - 1]) + struct.pack(">HH", width, height)
idat = box("idat", desc)
def iloc(base):
    body = b"\x01\0\0\0" + bytes([0x44, 0x00]) + struct.pack(">H", n + 1)
    off = base
    for i, (_, _, data) in enumerate(tiles):
        body += struct.pack(">HHHHII", i + 1, 0, 0, 1, off, len(data)); off += len(data)
    body += struct.pack(">HHHHII", grid_id, 1, 0, 1, 0, len(desc))  # construction method 1: idat
    return box("iloc", body)
ftyp = box("ftyp", b"heic\0\0\0\0mif1heic")
hdlr = box("hdlr", b"\0" * 8 + b"pict" + b"\0" * 13)
pitm = box("pitm", b"\0\0\0\0" + struct.pack(">H", grid_id))
iprp = box("iprp", box("ipco", ipco) + box("ipma", ipma))
meta = lambda base: box("meta", b"\0\0\0\0" + hdlr + pitm + iloc(base) + iinf + iref + idat + iprp)
base = len(ftyp) + len(meta(0)) + 8
open(out, "wb").write(ftyp + meta(base) + box("mdat", b"".join(d for _, _, d in tiles)))
