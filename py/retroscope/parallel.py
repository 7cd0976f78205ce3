"""Run many independent jobs (games) on local processes or on a cluster.

`workers(n)` is a pool of `n` local processes; `workers(scheduler=...)` a Dask
cluster: "local" starts a `LocalCluster` of `n` worker processes here, a
`tcp://host:8786` address joins a running scheduler (its workers need
retroscope installed), `ray://...` (or "ray") a Ray cluster. Dask and Ray are
optional (`pip install 'retroscope[tune]'` brings Dask); nothing here imports
them until asked. A job is a module-level function and its argument, so that
it can be sent to another process.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any


class ClusterError(RuntimeError):
    """The cluster could not be reached, or its package is not installed."""


@dataclass
class Workers:
    """Where jobs run: `map` keeps the tasks' order, `completed` yields
    (index, result) as each finishes (for a progress bar)."""

    where: str
    completed: Callable[[Callable[[Any], Any], list[Any]], Iterator[tuple[int, Any]]]

    def map(self, fn: Callable[[Any], Any], tasks: list[Any]) -> list[Any]:
        results: list[Any] = [None] * len(tasks)
        for i, result in self.completed(fn, tasks):
            results[i] = result
        return results


def _missing(what: str, package: str) -> ClusterError:
    return ClusterError(f"{what} needs the `{package}` package "
                        f"(pip install 'retroscope[tune]')")


@contextmanager
def workers(n: int | None = None, scheduler: str | None = None) -> Iterator[Workers]:
    """A pool of `n` local processes (all cores when None), or a cluster."""
    count = max(1, n or os.cpu_count() or 1)
    if scheduler is None:
        with ProcessPoolExecutor(max_workers=count) as pool:
            def local(fn: Callable[[Any], Any], tasks: list[Any]) -> Iterator[tuple[int, Any]]:
                futures = {pool.submit(fn, t): i for i, t in enumerate(tasks)}
                for done in as_completed(futures):
                    yield futures[done], done.result()
            yield Workers(f"{count} local process{'es' if count > 1 else ''}", local)
        return
    if scheduler == "ray" or scheduler.startswith("ray://"):
        with _ray(scheduler) as found:
            yield found
        return
    with _dask(scheduler, count) as found:
        yield found


@contextmanager
def _dask(scheduler: str, count: int) -> Iterator[Workers]:
    try:
        from dask.distributed import Client, LocalCluster
        from dask.distributed import as_completed as dask_completed
    except ImportError:
        raise _missing("a Dask scheduler", "dask[distributed]") from None
    cluster = None
    try:
        if scheduler == "local":
            # (games are Python: one thread a process; its web server on any free port)
            cluster = LocalCluster(n_workers=count, threads_per_worker=1, processes=True,
                                   dashboard_address=":0")
            client = Client(cluster)
            where = f"a Dask LocalCluster of {count} worker process{'es' if count > 1 else ''}"
        else:
            client = Client(scheduler, timeout="20s")
            where = f"the Dask scheduler at {scheduler}"
    except OSError as exc:
        if cluster is not None:
            cluster.close()
        raise ClusterError(f"could not reach the Dask scheduler {scheduler}: {exc}") from None

    def completed(fn: Callable[[Any], Any], tasks: list[Any]) -> Iterator[tuple[int, Any]]:
        futures = client.map(fn, tasks, pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        for future in dask_completed(futures):
            yield index[future.key], future.result()

    try:
        yield Workers(where, completed)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


@contextmanager
def _ray(address: str) -> Iterator[Workers]:
    try:
        import ray
    except ImportError:
        raise _missing("a Ray cluster", "ray") from None
    ray.init(address=None if address == "ray" else address, ignore_reinit_error=True)

    def completed(fn: Callable[[Any], Any], tasks: list[Any]) -> Iterator[tuple[int, Any]]:
        remote = ray.remote(fn)
        pending = {remote.remote(t): i for i, t in enumerate(tasks)}
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                yield pending.pop(ref), ray.get(ref)

    try:
        yield Workers(f"the Ray cluster at {address}", completed)
    finally:
        ray.shutdown()
