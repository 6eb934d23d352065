"""Practice: drills that deal a hand, ask for its items, its total or who pays
whom, and show what was right, missed and wrong; progress per item family and
level; drill sets a teacher shares with a class."""
