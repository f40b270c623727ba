"""Where the stages run: the local engine (forked processes, in the stage packages themselves) or Ray Data
(`ray_engine.py`), which calls the same stage functions on a cluster."""


class EngineError(RuntimeError):
    """The engine cannot run: Ray missing, or the cluster unreachable."""
