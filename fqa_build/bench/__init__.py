"""`python -m fqa_build bench`: the build's time and memory measured against NER alone (a command on top of the
pipeline, as the command line is)."""
