"""The examples in the package's docstrings run as written."""

import doctest

import chessrules
import chessrules.pgn


def test_docstring_examples():
    globs = {"chessrules": chessrules}
    failed = 0
    tried = 0
    for obj in (chessrules, chessrules.Board, chessrules.pgn):
        finder = doctest.DocTestFinder(recurse=False)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        for test in finder.find(obj, globs=dict(globs)):
            result = runner.run(test)
            failed += result.failed
            tried += result.attempted
    assert tried >= 5
    assert failed == 0
