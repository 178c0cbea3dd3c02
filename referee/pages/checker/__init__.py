"""The meld checker: its page, the checker run one tap at a time, its views of the
rules core's verdicts, and the same drawn on the phone by the rules bundle.
"""
