"""Run fuzz probes (fuzzlib.py) in this process, under an address-space limit.

    python tests/fuzz/worker.py '<probe JSON>'     # one probe again: its outcome, the command
                                                   # and what its files hold (kept in a folder)
    python tests/fuzz/worker.py --serve FOLDER     # (the pool) probes on stdin, results on stdout
"""
from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

import fuzzlib


def serve(root: Path) -> None:
    root.mkdir(parents=True, exist_ok=True)
    out = sys.stdout
    sys.stdout = sys.stderr         # nothing but results on the pipe
    for line in sys.stdin:
        folder = Path(tempfile.mkdtemp(dir=root))
        result = fuzzlib.run_probe(json.loads(line), folder)
        shutil.rmtree(folder, ignore_errors=True)
        out.write(json.dumps(result) + "\n")
        out.flush()


def once(text: str) -> None:
    probe = json.loads(text)
    folder = Path(tempfile.mkdtemp(prefix="partisan-probe-"))
    if probe["kind"] == "cli":
        print("partisan " + " ".join(a.replace("{dir}", str(folder)) for a in probe["argv"]))
    result = fuzzlib.run_probe(probe, folder)
    print(f"{result['outcome']}: {result['detail']}")
    if probe["kind"] == "cli":
        print(f"files in {folder}")
    else:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    fuzzlib.limit_resources()
    if sys.argv[1] == "--serve":
        serve(Path(sys.argv[2]))
    else:
        once(sys.argv[1])
