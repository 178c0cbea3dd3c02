"""The sheet and what follows it: its rows and chart, the evening, the phone's games,
and a game shared.
"""
