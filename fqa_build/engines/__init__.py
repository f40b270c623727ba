"""Where the stages' parallel parts run: the executors (`executors.py`), local (forked processes) or Ray Data
(`ray_engine.py`), each giving the same output."""


class EngineError(RuntimeError):
    """The engine cannot run: Ray missing, or the cluster unreachable."""
