"""Heroes of Baler's whole game state is one C struct (core/games/baler/table.pxd): clone()
is one struct copy. Copies per second of the set-up position, in C:

    python -m pytest benchmarks/test_baler_struct.py --benchmark-only
"""
from partisan.core.games.baler.position import SIZE, BalerTable

COPIES = 1_000_000


def test_struct_copy(benchmark, rate):
    table = BalerTable()
    benchmark.pedantic(table.copies, args=(COPIES,), rounds=10, iterations=1, warmup_rounds=1)
    rate(COPIES, f"copies/s of {SIZE} bytes")
