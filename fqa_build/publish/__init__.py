"""`python -m fqa_build push`: a checked build folder published on the Hub (after release and its checks)."""
