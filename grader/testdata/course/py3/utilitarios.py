"""A course's helper, reduced for kpuzzle's tests: the goal, the
solvability rule and the moves of a square board (the tile convention:
a move names where the tile goes)."""


def meta(lado):
    return tuple(list(range(1, lado * lado)) + [0])


def resolvivel(lado, celulas):
    pecas = [c for c in celulas if c]
    inversoes = sum(1 for i in range(len(pecas)) for j in range(i + 1, len(pecas)) if pecas[i] > pecas[j])
    if lado % 2 == 1:
        return inversoes % 2 == 0
    return (inversoes + lado - celulas.index(0) // lado) % 2 == 1


def vizinhos(lado, celulas):
    b = celulas.index(0)
    r, c = divmod(b, lado)
    # The tile below the blank moves UP into it, and so on.
    for nome, dr, dc in (("UP", 1, 0), ("DOWN", -1, 0), ("LEFT", 0, 1), ("RIGHT", 0, -1)):
        if 0 <= r + dr < lado and 0 <= c + dc < lado:
            t = (r + dr) * lado + c + dc
            proximo = list(celulas)
            proximo[b], proximo[t] = proximo[t], 0
            yield nome, tuple(proximo)
