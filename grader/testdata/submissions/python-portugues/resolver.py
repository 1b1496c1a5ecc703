"""A solver of the shapes one course's students hand in, reduced for
kpuzzle's tests (none of their code): it takes the algorithm and the
board as one string, "_" for the blank ("resolver.py bfs 1_3428765"),
imports the course's helper (utilitarios.py, which the course gives),
writes a log beside itself, answers in the course's words, one per line
(acima, abaixo, esquerda, direita: where the tile moves), in a file
named after the algorithm (bfs_output.txt) in its working folder, and
prints "No solution found" without writing one when the board cannot
reach the goal. Square boards of one-digit tiles only.
"""
import os
import sys

from utilitarios import meta, resolvivel, vizinhos

PALAVRAS = {"UP": "acima", "DOWN": "abaixo", "LEFT": "esquerda", "RIGHT": "direita"}


def main():
    algoritmo, texto = sys.argv[1], sys.argv[2]
    if "_" not in texto:
        sys.exit("resolver.py: write the board as one string with _ for the blank, such as 1_3428765")
    celulas = tuple(0 if c == "_" else int(c) for c in texto)
    lado = int(round(len(celulas) ** 0.5))
    aqui = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(aqui, "log.txt"), "a") as log:
        log.write("%s %s\n" % (algoritmo, texto))
    if not resolvivel(lado, celulas):
        print("No solution found")
        return
    pai = {celulas: None}
    fila = [celulas]
    alvo = meta(lado)
    while fila:
        atual = fila.pop(0)
        if atual == alvo:
            break
        for movimento, proximo in vizinhos(lado, atual):
            if proximo not in pai:
                pai[proximo] = (atual, movimento)
                fila.append(proximo)
    movimentos = []
    atual = alvo
    while pai[atual] is not None:
        atual, movimento = pai[atual]
        movimentos.append(movimento)
    movimentos.reverse()
    with open("%s_output.txt" % algoritmo, "w") as saida:
        for m in movimentos:
            saida.write(PALAVRAS[m] + "\n")


main()
