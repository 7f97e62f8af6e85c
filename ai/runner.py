"""Where the games of a match are played: worker processes on this machine, or a Ray cluster.

A runner is opened once for a whole run and plays every match of it (`partisan tune` plays
hundreds), so a cluster is joined once, not once a match. `map(fn, items)` yields fn(item) in the
order the items finish; every item carries its own seeds, so what it yields does not depend on the
backend, the number of workers or the order (the callers sort by index).
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import socket
from typing import Callable, Iterable, Iterator, TypeVar

from partisan.core.errors import OptionError, PartisanError

BACKENDS = ("local", "ray")
RAY_RETRIES = 3           # a game lost with its worker or node is played again, the same game
CONNECT_SECONDS = 5.0     # how long RAY_ADDRESS may take to answer before it is called unreachable

Item = TypeVar("Item")
Out = TypeVar("Out")


class WorkersLost(PartisanError):
    """A game lost with its Ray worker or node after every retry; the games finished are kept."""


def check_backend(backend: str) -> None:
    if backend not in BACKENDS:
        raise OptionError(f"unknown backend {backend!r} (choose from {', '.join(BACKENDS)})")


def _ignore_sigint() -> None:
    # Ctrl-C goes to the whole process group: the parent alone handles it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _start_method() -> str:
    # fork keeps whatever the parent registered and starts fast; spawn elsewhere.
    return "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"


class Runner:
    """Plays items with `workers` workers; a context manager that closes what it opened."""

    backend = ""
    workers = 1

    def map(self, fn: Callable[[Item], Out], items: Iterable[Item],
            cpus: Callable[[Item], int] | None = None) -> Iterator[Out]:
        """fn(item) for every item, as they finish; `cpus(item)`: the cores fn(item) keeps busy."""
        raise NotImplementedError

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class LocalRunner(Runner):
    """Worker processes on this machine, a pool a map (a single worker plays in this process)."""

    backend = "local"

    def __init__(self, jobs: int | None = None):
        self.workers = jobs or os.cpu_count() or 1

    def map(self, fn: Callable[[Item], Out], items: Iterable[Item],
            cpus: Callable[[Item], int] | None = None) -> Iterator[Out]:
        items = list(items)
        if self.workers <= 1 or len(items) <= 1:
            for item in items:
                yield fn(item)
            return
        ctx = multiprocessing.get_context(_start_method())
        with ctx.Pool(min(self.workers, len(items)), initializer=_ignore_sigint) as pool:
            yield from pool.imap_unordered(fn, items, chunksize=1)   # exit terminates


def _ray():
    try:
        import ray
    except ImportError:
        raise OptionError("the ray backend needs Ray: pip install 'partisan[ray]'") from None
    return ray


def check_reachable(address: str) -> None:
    """OptionError unless host:port (or ray://host:port) answers: Ray itself would wait forever
    for an address where nothing listens. "auto" and an empty address are Ray's own to look up."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if address in ("", "auto", "local") or not sep:
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS).close()
    except (OSError, ValueError) as exc:
        raise OptionError(f"RAY_ADDRESS={address} does not answer ({exc}): start the cluster "
                          "(ray start --head) or unset RAY_ADDRESS to run Ray on this machine") from None


class RayRunner(Runner):
    """A Ray cluster: the one this process already joined, else RAY_ADDRESS (unset: a Ray
    instance started on this machine for the run, and stopped with it). Each item is a task
    that reserves its `cpus` (default 1) on one node; at most `workers` are under way at once
    (default: every CPU of the cluster)."""

    backend = "ray"

    def __init__(self, jobs: int | None = None):
        ray = self._ray = _ray()
        self._started = not ray.is_initialized()
        if self._started:
            address = os.environ.get("RAY_ADDRESS")
            check_reachable(address or "")
            try:
                ray.init(address=address, include_dashboard=False, log_to_driver=False)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise OptionError(f"cannot join the Ray cluster at RAY_ADDRESS={address}: {exc}") from None
        self.workers = jobs or max(1, int(ray.cluster_resources().get("CPU", 1)))

    def map(self, fn: Callable[[Item], Out], items: Iterable[Item],
            cpus: Callable[[Item], int] | None = None) -> Iterator[Out]:
        ray = self._ray
        remote = ray.remote(max_retries=RAY_RETRIES)(fn)
        waiting = list(items)[::-1]
        running = []
        try:
            while waiting or running:
                while waiting and len(running) < self.workers:
                    item = waiting.pop()
                    running.append(remote.options(num_cpus=cpus(item) if cpus else 1).remote(item))
                done, running = ray.wait(running, num_returns=1)
                try:
                    out = ray.get(done[0])
                except ray.exceptions.RayTaskError:
                    raise                          # the game's own error, raised as it was
                except ray.exceptions.RayError as exc:
                    raise WorkersLost(f"a game was lost with its Ray worker after {RAY_RETRIES} retries "
                                      f"({type(exc).__name__})") from None
                yield out
        finally:
            for ref in running:
                ray.cancel(ref, force=True)

    def close(self) -> None:
        if self._started and self._ray.is_initialized():
            self._ray.shutdown()


def open_runner(backend: str = "local", jobs: int | None = None) -> Runner:
    """The runner of `backend` with `jobs` workers (default: every core, or every CPU of the
    cluster); use it as a context manager so a Ray instance it started is stopped."""
    check_backend(backend)
    if jobs is not None and jobs < 1:
        raise OptionError("--jobs must be at least 1")
    return RayRunner(jobs) if backend == "ray" else LocalRunner(jobs)
