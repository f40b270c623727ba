"""What a benchmark's figures were measured on, printed beside them: a figure without its machine and date
cannot be compared with another."""

from __future__ import annotations

import os
from typing import Any


def machine() -> dict[str, Any]:
    """What the figures were measured on: cores (all, and those this process may use), memory, and the date."""
    import datetime
    import platform

    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count() or 1
    pages, page_size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
    return {
        "cores": os.cpu_count(),
        "usable_cores": usable,
        "memory_gb": round(pages * page_size / 2**30, 1),
        "platform": platform.platform(terse=True),
        "date": datetime.date.today().isoformat(),
    }
