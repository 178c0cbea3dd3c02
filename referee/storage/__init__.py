"""The storage: games, deals and phones kept in the database, and the writes that
keep them whole (one transaction a write, retried writes answered once).

It imports the rules core and never the web: its refusals are exceptions that say
their HTTP status as data (``database.Refused``), read by ``plumbing.errors``.
"""
