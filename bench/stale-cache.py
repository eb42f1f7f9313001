#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Make one file of an addrlimit --cache database look touched (its mtime is
stale: the bytes are hashed again and found the same) or edited (its hash is
stale too: the file is parsed again), without writing to the tree itself.
The file is the first row by path, or the first whose path ends in SUFFIX.
   stale-cache.py DB touched|edited [SUFFIX]"""
import sqlite3
import sys

db, mode = sys.argv[1], sys.argv[2]
c = sqlite3.connect(db, timeout=60)
suffix = sys.argv[3] if len(sys.argv) > 3 else ""
row = c.execute("SELECT rowid FROM files WHERE substr(path, -length(?1)) = ?1 OR ?1 = ''"
                " ORDER BY path LIMIT 1", (suffix,)).fetchone()
if row:
    c.execute("UPDATE files SET mtime = 0" + (", hash = 0" if mode == "edited" else "") +
              " WHERE rowid = ?", row)
if mode == "edited":
    c.execute("DELETE FROM runs")
c.commit()
