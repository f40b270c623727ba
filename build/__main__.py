import gc
import sys

from .cli import main

code = main()
# A normal exit (atexit handlers, flushes, finalizers all run), but the collector's passes over the heap the
# imports and the build left (measured: ~0.5 s CPU of a 4 s sample build) are skipped: frozen objects are not
# scanned, and the process ends right after.
gc.freeze()
sys.exit(code)
