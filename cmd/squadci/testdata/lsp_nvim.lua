-- Driven by TestLSPNeovim, after the set-up docs/lsp.md shows (which
-- starts `squadci lsp` with Neovim's own client and attaches every buffer
-- it reads): opens two agent files, edits one, applies a code action in
-- the other, and writes what it saw to P.out as JSON. Neovim 0.7 or later.
local P = vim.fn.json_decode(table.concat(vim.fn.readfile(vim.env.SQUADCI_NVIM_PARAMS), '\n'))
local out = { steps = {} }
vim.o.hidden = true

local function diags(buf)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(list, { code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code),
      lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col, source = d.source })
  end
  return list
end

local function has(buf, code)
  for _, d in ipairs(diags(buf)) do
    if d.code == code then return d end
  end
  return nil
end

local function wait(what, cond)
  if not vim.wait(20000, cond, 20) then error('timed out waiting for ' .. what) end
end

local function step(name, buf)
  table.insert(out.steps, { name = name, diagnostics = diags(buf),
    lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false) })
end

local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(P.planner))
  local planner = vim.api.nvim_get_current_buf()
  wait('AF102 in the planner', function() return has(planner, 'AF102') end)
  step('opened', planner)

  vim.cmd('edit ' .. vim.fn.fnameescape(P.builder))
  local builder = vim.api.nvim_get_current_buf()
  wait('the builder linted', function() return has(builder, 'AF113') end)
  local lines = vim.api.nvim_buf_get_lines(builder, 0, -1, false)
  for i, l in ipairs(lines) do
    if l == 'name: builder' then
      vim.api.nvim_buf_set_lines(builder, i - 1, i, false, { 'name: constructor' })
      wait('AF108 in the planner', function() return has(planner, 'AF108') end)
      step('renamed', planner)
      vim.api.nvim_buf_set_lines(builder, i - 1, i, false, { 'name: builder' })
      wait('AF108 cleared', function() return not has(planner, 'AF108') end)
      step('restored', planner)
    end
  end

  vim.cmd('buffer ' .. planner)
  local d = has(planner, 'AF102')
  vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = {} }
  local responses = vim.lsp.buf_request_sync(planner, 'textDocument/codeAction', params, 10000) or {}
  local applied = 0
  for _, resp in pairs(responses) do
    for _, action in ipairs(resp.result or {}) do
      if action.edit then
        vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
        applied = applied + 1
        out.action = action.title
      end
    end
  end
  out.applied = applied
  wait('AF102 fixed', function() return not has(planner, 'AF102') end)
  step('fixed', planner)
  local clients = (vim.lsp.get_clients or vim.lsp.get_active_clients)()
  out.clients = #clients
  for _, c in ipairs(clients) do c.stop() end
end)
out.error = ok and vim.NIL or tostring(err)
vim.fn.writefile({ vim.fn.json_encode(out) }, P.out)
vim.cmd('qall!')
