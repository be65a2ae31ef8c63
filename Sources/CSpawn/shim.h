#ifndef LOOWI_CSPAWN_SHIM_H
#define LOOWI_CSPAWN_SHIM_H

/* Adds to a posix_spawn_file_actions_t an action that closes every descriptor from `from` up
   in the child (glibc 2.34). <spawn.h> declares it only under _GNU_SOURCE, which Swift's Glibc
   module is built without. The actions are passed untyped: including <spawn.h> here would make
   this module a second owner of glibc's types (pid_t). */
extern int posix_spawn_file_actions_addclosefrom_np(void *_Nonnull actions, int from);

#endif
