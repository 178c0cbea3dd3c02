"""A deal entered at its end (cards tapped or points typed, the table's bonuses and
penalties) and the buys counted during it.
"""
