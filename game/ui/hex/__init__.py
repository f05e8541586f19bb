"""What London and New York draw alike: the hex board, its animation, picker, texts and rule pictures."""
