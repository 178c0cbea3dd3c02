"""A new game: its players, its game and its house rules, and a table's rules kept
or shared as a rules card.
"""
