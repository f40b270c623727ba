"""What a passage states around a swapped number: numbers, their relations, lists and place pairs."""
